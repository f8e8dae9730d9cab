CREATE TABLE `worklist_order` (
	`cohort_id` text NOT NULL,
	`reason` integer NOT NULL,
	`rank` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`cohort_id`, `reason`, `rank`),
	FOREIGN KEY (`cohort_id`) REFERENCES `cohorts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `cohort_attention` ADD `words` text;--> statement-breakpoint
ALTER TABLE `cohort_reports` ADD `attention_quiet` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cohort_reports` ADD `attention_mood` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cohort_reports` ADD `attention_stall` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cohort_reports` ADD `attention_grace` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `attention_states` ADD `cohort_id` text REFERENCES cohorts(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `attention_states_cohort_idx` ON `attention_states` (`cohort_id`);--> statement-breakpoint
-- Each state points at its participant's current cohort, whose report it was set against.
UPDATE `attention_states` SET `cohort_id` = (SELECT m.cohort_id FROM `cohort_members` m WHERE m.user_id = `attention_states`.user_id AND m.left_at IS NULL);--> statement-breakpoint
-- The stored reports have no counts per reason, orders nor words yet: drop them, so each cohort's
-- is worked out again on its desk's next read (or the next 15-minute run).
DELETE FROM `cohort_attention`;--> statement-breakpoint
DELETE FROM `cohort_reports`;
