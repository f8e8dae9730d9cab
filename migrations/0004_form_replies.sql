CREATE TABLE `form_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`path` text NOT NULL,
	`page` text NOT NULL,
	`status` integer NOT NULL,
	`failure` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_replies_created_idx` ON `form_replies` (`created_at`);