import { describe, expect, it } from 'vitest';
import { cohortStanding, cohortState, gateLabel, gateMessage, sessionGate, sessionOpensOn, standingText } from './cohorts';
import { calendarDay } from './time-zone';

const done = (n: number) => ({
  session1CompletedAt: n >= 1 ? '2027-01-04T10:00:00.000Z' : null,
  session2CompletedAt: n >= 2 ? '2027-01-12T10:00:00.000Z' : null,
  session3CompletedAt: n >= 3 ? '2027-01-19T10:00:00.000Z' : null,
  session4CompletedAt: n >= 4 ? '2027-01-26T10:00:00.000Z' : null,
});
const weekly = { startDate: '2027-01-12', pacing: 'weekly' as const, seat: 'seated' as const };

describe('the cohort clock', () => {
  it('is upcoming before day 1, running for 28 days, then finished', () => {
    expect(cohortState('2027-01-12', '2027-01-11')).toBe('upcoming');
    expect(cohortStanding('2027-01-12', '2027-01-12')).toEqual({ state: 'running', week: 1, day: 1 });
    expect(cohortStanding('2027-01-12', '2027-01-20')).toEqual({ state: 'running', week: 2, day: 9 });
    expect(cohortStanding('2027-01-12', '2027-02-08')).toEqual({ state: 'running', week: 4, day: 28 });
    expect(cohortStanding('2027-01-12', '2027-02-09')).toEqual({ state: 'finished', week: null, day: null });
  });

  it('says where a participant stands', () => {
    const cohort = { name: 'January 2027', ...weekly };
    expect(standingText(cohort, '2027-01-20')).toBe('Week 2 of 4 · January 2027 · day 9');
    expect(standingText(cohort, '2027-01-09')).toBe('January 2027 · Starts in 3 days, Tue, Jan 12');
    expect(standingText(cohort, '2027-01-11')).toBe('January 2027 · Starts tomorrow, Tue, Jan 12');
    expect(standingText(cohort, '2027-03-01')).toBe('January 2027 · Finished on Mon, Feb 8');
  });

  it('opens Sessions 2, 3 and 4 on days 8, 15 and 22', () => {
    expect([1, 2, 3, 4].map((n) => sessionOpensOn('2027-01-12', n as 1 | 2 | 3 | 4))).toEqual([
      '2027-01-12',
      '2027-01-19',
      '2027-01-26',
      '2027-02-02',
    ]);
  });
});

describe('sessionGate', () => {
  it('keeps Session 2 shut until its day under weekly pacing, even with Session 1 done', () => {
    const gate = sessionGate(done(1), 2, weekly, '2027-01-18');
    expect(gate).toEqual({ open: false, reason: 'date', opensOn: '2027-01-19' });
    if (gate.open) throw new Error('unreachable');
    expect(gateLabel(gate, '2027-01-18')).toBe('Opens Tue, Jan 19');
    expect(gateMessage(gate, 2, '2027-01-18')).toBe('Session 2 opens Tue, Jan 19, on day 8 of your cohort');
    expect(sessionGate(done(1), 2, weekly, '2027-01-19')).toEqual({ open: true });
  });

  it('still asks for the session before once the day has come', () => {
    expect(sessionGate(done(1), 3, weekly, '2027-02-01')).toEqual({ open: false, reason: 'previous', previous: 2 });
  });

  it('lets a late joiner through every session whose day has passed, in order', () => {
    const late = { ...weekly, startDate: '2026-12-01' };
    expect(sessionGate(done(1), 2, late, '2027-01-20')).toEqual({ open: true });
    expect(sessionGate(done(2), 3, late, '2027-01-20')).toEqual({ open: true });
    expect(sessionGate(done(2), 4, late, '2027-01-20')).toEqual({ open: false, reason: 'previous', previous: 3 });
  });

  it('opens Session 1 to the waitlist, and the rest only with a seat', () => {
    const waiting = { ...weekly, seat: 'waitlisted' as const };
    expect(sessionGate(null, 1, waiting, '2027-01-01')).toEqual({ open: true });
    expect(sessionGate(done(1), 2, waiting, '2027-01-30')).toEqual({ open: false, reason: 'waitlist' });
  });

  it('keeps a completed session open, and self-paced cohorts follow the order alone', () => {
    expect(sessionGate(done(2), 2, weekly, '2027-01-01')).toEqual({ open: true });
    const selfPaced = { ...weekly, pacing: 'self-paced' as const };
    expect(sessionGate(done(3), 4, selfPaced, '2026-01-01')).toEqual({ open: true });
    expect(sessionGate(done(1), 3, selfPaced, '2026-01-01')).toEqual({ open: false, reason: 'previous', previous: 2 });
    expect(sessionGate(done(1), 2, null, '2026-01-01')).toEqual({ open: true });
  });

  it("opens at 00:00 in the participant's own zone: Tokyo before Los Angeles, across a clock change", () => {
    // 2027-03-14 is the day the US clocks go forward; day 8 of a cohort starting 2027-03-07.
    const cohort = { ...weekly, startDate: '2027-03-07' };
    const instant = new Date('2027-03-13T16:00:00Z'); // 01:00 on the 14th in Tokyo, 08:00 on the 13th in LA
    expect(sessionGate(done(1), 2, cohort, calendarDay(instant, 'Asia/Tokyo'))).toEqual({ open: true });
    expect(sessionGate(done(1), 2, cohort, calendarDay(instant, 'America/Los_Angeles')).open).toBe(false);
    // 00:30 on the 14th in LA, before that night's clock change at 02:00: open there too.
    expect(sessionGate(done(1), 2, cohort, calendarDay(new Date('2027-03-14T08:30:00Z'), 'America/Los_Angeles')).open).toBe(true);
  });
});
