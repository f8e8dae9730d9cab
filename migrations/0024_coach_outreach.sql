CREATE TABLE `announcement_recipients` (
	`announcement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`position` integer NOT NULL,
	`mail` text NOT NULL,
	`dismissed_at` text,
	PRIMARY KEY(`announcement_id`, `user_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcement_recipients_position_idx` ON `announcement_recipients` (`announcement_id`,`position`);--> statement-breakpoint
CREATE INDEX `announcement_recipients_user_idx` ON `announcement_recipients` (`user_id`,`dismissed_at`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`cohort_id` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`sent_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`mails_queued` integer DEFAULT 0 NOT NULL,
	`mails_delivered` integer DEFAULT 0 NOT NULL,
	`mails_failed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`cohort_id`) REFERENCES `cohorts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcements_created_idx` ON `announcements` (`created_at`);--> statement-breakpoint
CREATE TABLE `coach_mail_opt_outs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `coach_nudges` (
	`id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`sent_by` text NOT NULL,
	`reason` text,
	`subject` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coach_nudges_id_unique` ON `coach_nudges` (`id`);--> statement-breakpoint
-- Each announcement's mail counts follow its recipients' mail as it moves on (src/db/schema-outreach.ts):
-- 'pending', 'queued' and 'retrying' count as queued. Counted here, once per change, so the list reads one row.
CREATE TRIGGER `announcement_mail_counts` AFTER UPDATE OF `mail` ON `announcement_recipients` WHEN old.mail IS NOT new.mail BEGIN UPDATE `announcements` SET `mails_queued` = `mails_queued` - (old.mail IN ('pending', 'queued', 'retrying')) + (new.mail IN ('pending', 'queued', 'retrying')), `mails_delivered` = `mails_delivered` - (old.mail = 'delivered') + (new.mail = 'delivered'), `mails_failed` = `mails_failed` - (old.mail = 'failed') + (new.mail = 'failed') WHERE `id` = new.announcement_id; END;
