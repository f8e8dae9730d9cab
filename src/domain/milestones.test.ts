import { describe, expect, it } from 'vitest';
import { milestoneDoneLabel, milestoneDueDays, milestoneDueLabel } from './milestones';

describe('milestone due dates', () => {
  it("fall 30, 60 and 90 days after the day Session 4 was completed, in the participant's zone", () => {
    // 2027-02-05T06:00Z is still Thu, Feb 4 in Los Angeles and already Fri, Feb 5 in Auckland.
    expect(milestoneDueDays('2027-02-05T06:00:00.000Z', 'America/Los_Angeles')).toEqual({
      30: '2027-03-06',
      60: '2027-04-05',
      90: '2027-05-05',
    });
    expect(milestoneDueDays('2027-02-05T06:00:00.000Z', 'Pacific/Auckland')).toEqual({
      30: '2027-03-07',
      60: '2027-04-06',
      90: '2027-05-06',
    });
  });

  it('are none before Session 4 is complete, or with an unreadable time', () => {
    expect(milestoneDueDays(null, 'UTC')).toBeNull();
    expect(milestoneDueDays('', 'UTC')).toBeNull();
    expect(milestoneDueDays('not a time', 'UTC')).toBeNull();
  });

  it("read 'Due Sat, Mar 7' and 'Done on …', with the year only when it is not this one", () => {
    expect(milestoneDueLabel('2027-03-07', '2027-02-05')).toBe('Due Sun, Mar 7');
    expect(milestoneDueLabel('2027-01-15', '2026-12-01')).toBe('Due Fri, Jan 15, 2027');
    expect(milestoneDoneLabel('2027-02-20T03:00:00.000Z', 'America/Los_Angeles', '2027-02-21')).toBe('Done on Fri, Feb 19');
    expect(milestoneDoneLabel('2027-02-20T03:00:00.000Z', 'Pacific/Auckland', '2027-02-21')).toBe('Done on Sat, Feb 20');
  });
});
