-- The four weekly coaching webinars (Tuesdays 6:00-7:00 PM America/Los_Angeles, stored in UTC).
-- Admins edit the schedule and links afterwards; this only gives a new database its first series.
INSERT INTO `webinars` (`id`, `title`, `description`, `location`, `start_time`, `end_time`) VALUES
  ('webinar-2025-11-11', 'Life7 Coaching Webinar - Week 1', 'Wheel of Truth: score your seven arenas and choose your Keystone.', 'Online (Zoom link TBD)', '2025-11-12T02:00:00.000Z', '2025-11-12T03:00:00.000Z'),
  ('webinar-2025-11-18', 'Life7 Coaching Webinar - Week 2', 'Break the Chains: name what holds you back.', 'Online (Zoom link TBD)', '2025-11-19T02:00:00.000Z', '2025-11-19T03:00:00.000Z'),
  ('webinar-2025-11-25', 'Life7 Coaching Webinar - Week 3', 'Fuel & Accelerate: pick the habits that carry you forward.', 'Online (Zoom link TBD)', '2025-11-26T02:00:00.000Z', '2025-11-26T03:00:00.000Z'),
  ('webinar-2025-12-02', 'Life7 Coaching Webinar - Week 4', 'The Life7 Path: write your 90-day Legacy Map and commit.', 'Online (Zoom link TBD)', '2025-12-03T02:00:00.000Z', '2025-12-03T03:00:00.000Z');
