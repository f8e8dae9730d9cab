CREATE TABLE `wheel_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`arena_scores` text NOT NULL,
	`keystone_arena` text,
	`completed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wheel_snapshots_user_idx` ON `wheel_snapshots` (`user_id`,`completed_at`);