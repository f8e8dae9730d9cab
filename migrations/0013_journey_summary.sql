ALTER TABLE `progress` ADD `milestones_done` text;--> statement-breakpoint
ALTER TABLE `wheel_snapshots` ADD `question_responses` text;
