CREATE TABLE `email_change_reports` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`old_email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_change_reports_user_idx` ON `email_change_reports` (`user_id`);--> statement-breakpoint
CREATE TABLE `email_changes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`new_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_token_hash_unique` ON `email_changes` (`token_hash`);--> statement-breakpoint
-- Written by hand (decision 42): deleting your own account keeps the audit trail's entries about
-- you, with a pseudonymous id ('deleted:' and 12 hex characters) in place of your id, and of your
-- address where you were the actor (docs/product.md#your-account). The trail stays append-only
-- otherwise: an update may only replace an id or an actor that is not a pseudonym yet by one, and
-- change nothing else; a delete is still refused (migration 0012).
DROP TRIGGER `audit_entries_no_update`;--> statement-breakpoint
CREATE TRIGGER `audit_entries_no_update` BEFORE UPDATE ON `audit_entries`
WHEN NOT (
	NEW.`id` = OLD.`id` AND NEW.`at` = OLD.`at` AND NEW.`action` = OLD.`action`
	AND NEW.`from_value` IS OLD.`from_value` AND NEW.`to_value` IS OLD.`to_value`
	AND (NEW.`user_id` = OLD.`user_id` OR (OLD.`user_id` NOT LIKE 'deleted:%' AND length(NEW.`user_id`) = 20
		AND substr(NEW.`user_id`, 1, 8) = 'deleted:' AND substr(NEW.`user_id`, 9) NOT GLOB '*[^0-9a-f]*'))
	AND (NEW.`actor` = OLD.`actor` OR (OLD.`actor` NOT LIKE 'deleted:%' AND length(NEW.`actor`) = 20
		AND substr(NEW.`actor`, 1, 8) = 'deleted:' AND substr(NEW.`actor`, 9) NOT GLOB '*[^0-9a-f]*'))
)
BEGIN SELECT RAISE(ABORT, 'audit entries are append-only'); END;
