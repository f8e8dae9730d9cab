CREATE TABLE `audit_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`from_value` text,
	`to_value` text
);
--> statement-breakpoint
CREATE INDEX `audit_entries_user_idx` ON `audit_entries` (`user_id`,`at`);--> statement-breakpoint
-- Written by hand (decision 25): the trail is append-only. No foreign key to users on purpose: it
-- outlives the grant it speaks of and the account itself (docs/product.md#audit-trail).
CREATE TRIGGER `audit_entries_no_update` BEFORE UPDATE ON `audit_entries` BEGIN SELECT RAISE(ABORT, 'audit entries are append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_entries_no_delete` BEFORE DELETE ON `audit_entries` BEGIN SELECT RAISE(ABORT, 'audit entries are append-only'); END;--> statement-breakpoint
-- The coach's desk reads check-ins by day across everyone (docs/product.md#the-coachs-desk).
CREATE INDEX `check_ins_date_idx` ON `check_ins` (`date`);
