CREATE TABLE `cohort_attention` (
	`position` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`today` text NOT NULL,
	`time_zone` text NOT NULL,
	`created_at` text NOT NULL,
	`session1_completed_at` text,
	`session2_completed_at` text,
	`session3_completed_at` text,
	`session4_completed_at` text,
	`last_day` text,
	`moods` text,
	`grace` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cohort_attention_user_idx` ON `cohort_attention` (`user_id`);--> statement-breakpoint
CREATE TABLE `cohort_reports` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`computed_at` text NOT NULL,
	`figures` text NOT NULL,
	`attention_total` integer NOT NULL
);
