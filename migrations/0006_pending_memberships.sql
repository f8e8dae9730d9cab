CREATE TABLE `pending_memberships` (
	`email` text PRIMARY KEY NOT NULL,
	`plan` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`external_id` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `memberships_external_idx` ON `memberships` (`external_id`);