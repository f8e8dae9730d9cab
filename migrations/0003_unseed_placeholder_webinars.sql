-- Migration 0001 seeded placeholder dates (2025). Migrations seed no dates any more: admins
-- schedule the webinars, and the development seed adds the next four Tuesdays. Only the four
-- untouched placeholder rows go (an admin who added a join or recording link keeps them).
DELETE FROM `webinars`
WHERE `id` IN ('webinar-2025-11-11', 'webinar-2025-11-18', 'webinar-2025-11-25', 'webinar-2025-12-02')
  AND `join_url` IS NULL AND `recording_url` IS NULL;
