ALTER TABLE `membership_grants` ADD `subscription_id` text;--> statement-breakpoint
ALTER TABLE `membership_grants` ADD `subscription_since` integer;--> statement-breakpoint
-- Written by hand (issue 38): each Stripe grant follows the subscription its logged events last
-- showed live. Of the customer's events that applied or confirmed something (success, ignored): a
-- paid checkout naming a subscription, or a subscription created or updated as active or
-- trialing; the newest subscription by when it began (its `created`; a checkout's event time).
-- A grant with none keeps NULL and follows the first subscription its next event names. Patreon
-- grants keep their subject (the member's address) until the member's next event re-keys them to
-- the member id (src/routes/webhook-receivers.ts): a migration cannot recompute memberships.
UPDATE `membership_grants`
SET `subscription_id` = `live`.`subscription`, `subscription_since` = `live`.`since`
FROM (
	SELECT `customer`, `subscription`, `since`,
		row_number() OVER (PARTITION BY `customer` ORDER BY `since` DESC, `processed_at` DESC) AS `newest`
	FROM (
		SELECT
			json_extract(`body`, '$.data.object.customer') AS `customer`,
			CASE WHEN `event_type` LIKE 'checkout.session.%'
				THEN COALESCE(json_extract(`body`, '$.data.object.subscription.id'), json_extract(`body`, '$.data.object.subscription'))
				ELSE json_extract(`body`, '$.data.object.id') END AS `subscription`,
			CASE WHEN `event_type` LIKE 'checkout.session.%'
				THEN json_extract(`body`, '$.created')
				ELSE COALESCE(json_extract(`body`, '$.data.object.created'), json_extract(`body`, '$.created')) END AS `since`,
			`processed_at`
		FROM (
			SELECT CASE WHEN json_valid(`payload`) THEN `payload` END AS `body`, `event_type`, `processed_at`
			FROM `webhook_events`
			WHERE `source` = 'stripe' AND `status` IN ('success', 'ignored') AND `event_type` IN (
				'checkout.session.completed', 'checkout.session.async_payment_succeeded',
				'customer.subscription.created', 'customer.subscription.updated')
		)
		WHERE CASE WHEN `event_type` LIKE 'checkout.session.%'
			THEN COALESCE(json_extract(`body`, '$.data.object.payment_status'), 'paid') IN ('paid', 'no_payment_required')
			ELSE json_extract(`body`, '$.data.object.status') IN ('active', 'trialing') END
	)
	WHERE typeof(`customer`) = 'text' AND typeof(`subscription`) = 'text' AND `subscription` NOT LIKE '{%'
) AS `live`
WHERE `membership_grants`.`source` = 'stripe' AND `membership_grants`.`subject` = `live`.`customer`
	AND `live`.`newest` = 1 AND `membership_grants`.`subscription_id` IS NULL;
