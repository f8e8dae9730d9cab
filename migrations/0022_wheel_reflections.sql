-- Decision 39: every wheel keeps the reflections written with it.
ALTER TABLE `wheel_snapshots` ADD `reflections` text;--> statement-breakpoint
-- What can be recovered: the progress row holds the latest wheel's reflections (every Session 1
-- save wrote a snapshot, and a same-day one replaced that day's latest), so each user's newest
-- snapshot takes them. Earlier wheels' reflections were overwritten by their retakes: null.
UPDATE `wheel_snapshots` SET `reflections` = (
  SELECT `progress`.`reflections` FROM `progress` WHERE `progress`.`user_id` = `wheel_snapshots`.`user_id`
)
WHERE `id` = (
  SELECT `s`.`id` FROM `wheel_snapshots` AS `s` WHERE `s`.`user_id` = `wheel_snapshots`.`user_id`
  ORDER BY `s`.`completed_at` DESC, `s`.`id` DESC LIMIT 1
);
