CREATE TABLE `admin_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`author_id` text,
	`author` text NOT NULL,
	`text` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_notes_user_idx` ON `admin_notes` (`user_id`,`at`);--> statement-breakpoint
CREATE TABLE `attention_states` (
	`user_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`reasons` integer NOT NULL,
	`until` text,
	`set_by` text NOT NULL,
	`set_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `cohort_attention` ADD `reasons` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cohort_attention` ADD `quiet_days` integer;--> statement-breakpoint
ALTER TABLE `cohort_attention` ADD `mood_drop` real;--> statement-breakpoint
ALTER TABLE `cohort_attention` ADD `stall_since` text;--> statement-breakpoint
ALTER TABLE `cohort_attention` ADD `grace_until` text;--> statement-breakpoint
-- The stored reports hold no reasons mask nor urgency yet, and their order is the old one: drop
-- them, so each cohort's is worked out again on its desk's next read (or the next 15-minute run).
DELETE FROM `cohort_attention`;--> statement-breakpoint
DELETE FROM `cohort_reports`;
