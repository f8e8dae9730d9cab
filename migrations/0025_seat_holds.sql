ALTER TABLE `cohort_members` ADD `hold_until` text;--> statement-breakpoint
ALTER TABLE `cohort_members` ADD `hold_plan` text;--> statement-breakpoint
CREATE INDEX `cohort_members_hold_idx` ON `cohort_members` (`hold_until`) WHERE hold_until IS NOT NULL;