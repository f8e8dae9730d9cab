CREATE TABLE `cohort_members` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`cohort_id` text NOT NULL,
	`seat` text NOT NULL,
	`joined_at` text NOT NULL,
	`seated_at` text,
	`left_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cohort_id`) REFERENCES `cohorts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cohort_members_current_idx` ON `cohort_members` (`user_id`) WHERE left_at IS NULL;--> statement-breakpoint
CREATE INDEX `cohort_members_cohort_idx` ON `cohort_members` (`cohort_id`,`seat`,`joined_at`) WHERE left_at IS NULL;--> statement-breakpoint
CREATE INDEX `cohort_members_user_idx` ON `cohort_members` (`user_id`,`joined_at`);--> statement-breakpoint
CREATE TABLE `cohorts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`capacity` integer,
	`enrolment_open` integer DEFAULT true NOT NULL,
	`pacing` text NOT NULL,
	`default_for_sign_ups` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cohorts_name_idx` ON `cohorts` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `cohorts_default_idx` ON `cohorts` (`default_for_sign_ups`) WHERE default_for_sign_ups = 1;--> statement-breakpoint
CREATE INDEX `cohorts_start_idx` ON `cohorts` (`start_date`);--> statement-breakpoint
ALTER TABLE `webinars` ADD `cohort_id` text REFERENCES cohorts(id);--> statement-breakpoint
CREATE INDEX `webinars_cohort_idx` ON `webinars` (`cohort_id`,`end_time`);--> statement-breakpoint
ALTER TABLE `cancelled_webinars` ADD `cohort_id` text;--> statement-breakpoint
-- Decision 35: what exists moves into a first, self-paced cohort, started on the earliest sign-up
-- day (UTC), so every page shows what it showed before; it is the default for new sign-ups until a
-- coach marks another.
INSERT INTO `cohorts` (`id`, `name`, `start_date`, `pacing`, `enrolment_open`, `default_for_sign_ups`)
SELECT 'founding', 'Founding cohort', coalesce(date(min(`created_at`)), date('now')), 'self-paced', 1, 1 FROM `users`;--> statement-breakpoint
INSERT INTO `cohort_members` (`id`, `user_id`, `cohort_id`, `seat`, `joined_at`, `seated_at`)
SELECT 'founding-' || `id`, `id`, 'founding', 'seated', `created_at`, `created_at` FROM `users`;--> statement-breakpoint
UPDATE `webinars` SET `cohort_id` = 'founding';--> statement-breakpoint
UPDATE `cancelled_webinars` SET `cohort_id` = 'founding';
