-- Users who never told us their zone got the column default 'UTC'. The rule is now the coaches'
-- zone when unknown (docs/product.md#check-ins); a browser check-in stores the real zone again.
-- The column default stays 'UTC': changing it means rebuilding `users`, whose drop would cascade
-- into every user's rows in D1. New accounts always write their zone explicitly.
UPDATE `users` SET `time_zone` = 'America/Los_Angeles' WHERE `time_zone` = 'UTC';
