-- The stored cohort report becomes one per cohort (docs/product.md#the-coachs-desk). Both tables
-- hold only figures worked out from other tables, so they are dropped and made again keyed by
-- cohort: the 15-minute run (or the first read of a cohort's desk) works each report out afresh.
DROP TABLE `cohort_attention`;--> statement-breakpoint
DROP TABLE `cohort_reports`;--> statement-breakpoint
CREATE TABLE `cohort_attention` (
	`cohort_id` text NOT NULL,
	`position` integer NOT NULL,
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
	PRIMARY KEY(`cohort_id`, `position`),
	FOREIGN KEY (`cohort_id`) REFERENCES `cohorts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cohort_attention_user_idx` ON `cohort_attention` (`user_id`);--> statement-breakpoint
CREATE TABLE `cohort_reports` (
	`cohort_id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`computed_at` text NOT NULL,
	`figures` text NOT NULL,
	`attention_total` integer NOT NULL,
	FOREIGN KEY (`cohort_id`) REFERENCES `cohorts`(`id`) ON UPDATE no action ON DELETE cascade
);
