ALTER TABLE `memberships` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `provider_event_at` integer;--> statement-breakpoint
CREATE INDEX `memberships_stripe_customer_idx` ON `memberships` (`stripe_customer_id`);--> statement-breakpoint
ALTER TABLE `pending_memberships` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `pending_memberships` ADD `provider_event_at` integer;--> statement-breakpoint
CREATE INDEX `pending_memberships_stripe_customer_idx` ON `pending_memberships` (`stripe_customer_id`);--> statement-breakpoint
UPDATE `memberships` SET `stripe_customer_id` = `external_id` WHERE `source` = 'stripe' AND `external_id` IS NOT NULL;--> statement-breakpoint
UPDATE `pending_memberships` SET `stripe_customer_id` = `external_id` WHERE `source` = 'stripe' AND `external_id` IS NOT NULL;
