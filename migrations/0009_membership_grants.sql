CREATE TABLE `membership_grants` (
	`source` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` text,
	`pending_email` text,
	`plan` text,
	`status` text NOT NULL,
	`grace_until` text,
	`origin` text NOT NULL,
	`external_id` text,
	`plan_at` integer,
	`status_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`source`, `subject`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `membership_grants_user_idx` ON `membership_grants` (`user_id`);--> statement-breakpoint
CREATE INDEX `membership_grants_pending_email_idx` ON `membership_grants` (`pending_email`);--> statement-breakpoint
ALTER TABLE `memberships` ADD `grace_until` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `after_grace_plan` text;--> statement-breakpoint
-- Written by hand (decision 24): the memberships there were become grants. A Stripe or Patreon
-- membership is that provider's grant; any other (sign-up, seed, admin) is the admin grant.
INSERT INTO `membership_grants` (`source`, `subject`, `user_id`, `plan`, `status`, `origin`, `external_id`, `plan_at`, `status_at`, `updated_at`)
SELECT 'stripe', COALESCE(`stripe_customer_id`, `external_id`, 'legacy:' || `user_id`), `user_id`, `plan`, `status`, 'stripe', `external_id`, `provider_event_at`, `provider_event_at`, `updated_at`
FROM `memberships` WHERE `source` = 'stripe';--> statement-breakpoint
INSERT OR IGNORE INTO `membership_grants` (`source`, `subject`, `user_id`, `plan`, `status`, `origin`, `external_id`, `updated_at`)
SELECT 'patreon', `users`.`email`, `memberships`.`user_id`, `plan`, `status`, 'patreon', `external_id`, `updated_at`
FROM `memberships` JOIN `users` ON `users`.`id` = `memberships`.`user_id` WHERE `source` = 'patreon';--> statement-breakpoint
INSERT INTO `membership_grants` (`source`, `subject`, `user_id`, `plan`, `status`, `origin`, `updated_at`)
SELECT 'admin', `user_id`, `user_id`, `plan`, `status`, `source`, `updated_at`
FROM `memberships` WHERE `source` NOT IN ('stripe', 'patreon');--> statement-breakpoint
-- A Stripe customer an admin or Patreon change had overwritten stays linked; its plan comes with its next event.
INSERT OR IGNORE INTO `membership_grants` (`source`, `subject`, `user_id`, `plan`, `status`, `origin`, `external_id`, `updated_at`)
SELECT 'stripe', `stripe_customer_id`, `user_id`, NULL, 'active', 'stripe', `stripe_customer_id`, `updated_at`
FROM `memberships` WHERE `stripe_customer_id` IS NOT NULL AND `source` <> 'stripe';--> statement-breakpoint
-- Payments waiting for an address become grants waiting for it (`pending_email`).
INSERT OR IGNORE INTO `membership_grants` (`source`, `subject`, `pending_email`, `plan`, `status`, `origin`, `external_id`, `plan_at`, `status_at`, `updated_at`)
SELECT `source`, CASE WHEN `source` = 'stripe' THEN COALESCE(`stripe_customer_id`, 'legacy:' || `email`) ELSE `email` END, `email`, `plan`, `status`, `source`, `external_id`, `provider_event_at`, `provider_event_at`, `updated_at`
FROM `pending_memberships` WHERE `source` IN ('stripe', 'patreon');--> statement-breakpoint
DELETE FROM `pending_memberships`;
