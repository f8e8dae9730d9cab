ALTER TABLE `cohorts` ADD `seated` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cohorts` ADD `waitlisted` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each cohort's seat and waitlist counts follow its members' places (src/db/schema-cohorts.ts): a
-- current place (left_at null) counts in its cohort by its seat. Counted here, in the statement
-- that changes a place (a sign-up, a join, a move, a hold confirmed or released, the waitlist
-- seated, an account deleted by cascade), so no writer can forget them and /admin/cohorts reads
-- one row per cohort.
CREATE TRIGGER `cohort_seat_counts_insert` AFTER INSERT ON `cohort_members` WHEN new.left_at IS NULL BEGIN UPDATE `cohorts` SET `seated` = `seated` + (new.seat = 'seated'), `waitlisted` = `waitlisted` + (new.seat = 'waitlisted') WHERE `id` = new.cohort_id; END;--> statement-breakpoint
CREATE TRIGGER `cohort_seat_counts_delete` AFTER DELETE ON `cohort_members` WHEN old.left_at IS NULL BEGIN UPDATE `cohorts` SET `seated` = `seated` - (old.seat = 'seated'), `waitlisted` = `waitlisted` - (old.seat = 'waitlisted') WHERE `id` = old.cohort_id; END;--> statement-breakpoint
CREATE TRIGGER `cohort_seat_counts_update` AFTER UPDATE OF `seat`, `left_at`, `cohort_id` ON `cohort_members` WHEN old.seat IS NOT new.seat OR old.left_at IS NOT new.left_at OR old.cohort_id IS NOT new.cohort_id BEGIN UPDATE `cohorts` SET `seated` = `seated` - (old.seat = 'seated'), `waitlisted` = `waitlisted` - (old.seat = 'waitlisted') WHERE `id` = old.cohort_id AND old.left_at IS NULL; UPDATE `cohorts` SET `seated` = `seated` + (new.seat = 'seated'), `waitlisted` = `waitlisted` + (new.seat = 'waitlisted') WHERE `id` = new.cohort_id AND new.left_at IS NULL; END;--> statement-breakpoint
-- The counts of the places there are now.
UPDATE `cohorts` SET `seated` = (SELECT count(*) FROM `cohort_members` m WHERE m.cohort_id = `cohorts`.id AND m.left_at IS NULL AND m.seat = 'seated'), `waitlisted` = (SELECT count(*) FROM `cohort_members` m WHERE m.cohort_id = `cohorts`.id AND m.left_at IS NULL AND m.seat = 'waitlisted');
