import { describe, expect, it } from 'vitest';
import { mayJoinWebinars, webinarsForViewer } from './webinar-access';
import { nextTuesdaySessions } from './webinars';

const JOIN = 'https://zoom.example/j/1';
const schedule = nextTuesdaySessions(new Date('2026-10-21T12:00:00Z')).map((w) => ({ ...w, joinUrl: JOIN }));

describe('the webinar join link (decision 26)', () => {
  it('is for members with an active plan only', () => {
    expect(mayJoinWebinars({ plan: 'challenge', status: 'active' })).toBe(true);
    expect(mayJoinWebinars({ plan: 'mastermind', status: 'active' })).toBe(true);
    for (const status of ['cancelled', 'expired'] as const) expect(mayJoinWebinars({ plan: 'mastermind', status })).toBe(false);
    expect(mayJoinWebinars(null)).toBe(false);
    expect(mayJoinWebinars(undefined)).toBe(false);
  });

  it('is taken out of the data for everyone else, the rest kept', () => {
    expect(webinarsForViewer(schedule, { plan: 'premium', status: 'active' })).toEqual(schedule);
    for (const viewer of [null, { plan: 'premium', status: 'expired' } as const]) {
      const seen = webinarsForViewer(schedule, viewer);
      expect(seen.map((w) => w.joinUrl)).toEqual([null, null, null, null]);
      expect(seen.map(({ joinUrl: _, ...rest }) => rest)).toEqual(schedule.map(({ joinUrl: _, ...rest }) => rest));
    }
    // The schedule itself is not changed (it may be shared between requests).
    expect(schedule.every((w) => w.joinUrl === JOIN)).toBe(true);
  });
});
