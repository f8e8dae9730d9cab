import { describe, expect, it } from 'vitest';
import type { CohortPlace } from './cohorts';
import { pacingText, placeText, type SessionClock, sessionStatus, waitlistText } from './pacing';
import type { SessionCompletions } from './session-status';

const T = '2027-01-12T10:00:00.000Z';
function done(count: number): SessionCompletions {
  return {
    session1CompletedAt: count >= 1 ? T : null,
    session2CompletedAt: count >= 2 ? T : null,
    session3CompletedAt: count >= 3 ? T : null,
    session4CompletedAt: count >= 4 ? T : null,
  };
}

const founding: CohortPlace = { id: 'founding', name: 'Founding cohort', startDate: '2026-11-26', pacing: 'self-paced', seat: 'seated' };
const january: CohortPlace = { id: 'jan', name: 'January 2027', startDate: '2027-01-12', pacing: 'weekly', seat: 'seated' };

const statuses = (c: SessionCompletions | null, clock: SessionClock) =>
  ([1, 2, 3, 4] as const).map((n) => {
    const s = sessionStatus(c, n, clock);
    return s.status === 'locked' ? `locked:${s.gate.reason}` : s.status;
  });

describe('sessionStatus without weekly pacing (the order alone)', () => {
  const clock = { place: founding, today: '2027-01-12' };
  it('opens only session 1 for a new user, then the next after each completion', () => {
    expect(statuses(null, clock)).toEqual(['available', 'locked:previous', 'locked:previous', 'locked:previous']);
    expect(statuses(done(1), clock)).toEqual(['completed', 'available', 'locked:previous', 'locked:previous']);
    expect(statuses(done(3), clock)).toEqual(['completed', 'completed', 'completed', 'available']);
    expect(statuses(done(4), { place: null, today: '2027-01-12' })).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it('counts only a real timestamp as completed, and judges each session by the one before it', () => {
    expect(statuses({ ...done(0), session1CompletedAt: '' }, clock)).toEqual([
      'available',
      'locked:previous',
      'locked:previous',
      'locked:previous',
    ]);
    expect(statuses({ ...done(0), session2CompletedAt: T }, clock)).toEqual(['available', 'completed', 'available', 'locked:previous']);
  });
});

describe('sessionStatus under weekly pacing', () => {
  it('closes a session until its day, whatever is done, and keeps completed ones', () => {
    expect(statuses(done(1), { place: january, today: '2027-01-18' })).toEqual(['completed', 'locked:date', 'locked:date', 'locked:date']);
    expect(statuses(done(1), { place: january, today: '2027-01-19' })).toEqual(['completed', 'available', 'locked:date', 'locked:date']);
    expect(statuses(done(1), { place: january, today: '2027-02-02' })).toEqual([
      'completed',
      'available',
      'locked:previous',
      'locked:previous',
    ]);
    expect(statuses(done(3), { place: january, today: '2027-01-12' })).toEqual(['completed', 'completed', 'completed', 'locked:date']);
  });

  it('keeps Sessions 2 to 4 for the seated', () => {
    const waiting = { ...january, seat: 'waitlisted' as const };
    expect(statuses(done(1), { place: waiting, today: '2027-03-01' })).toEqual([
      'completed',
      'locked:waitlist',
      'locked:waitlist',
      'locked:waitlist',
    ]);
  });
});

describe('what the pages say of the clock', () => {
  it('says where a participant stands', () => {
    expect(placeText(january, '2027-01-20')).toBe('Week 2 of 4 · January 2027 · day 9');
    expect(placeText(january, '2027-01-09')).toBe('January 2027 · Starts in 3 days, Tue, Jan 12');
    expect(placeText(founding, '2027-01-20')).toBe('Self-paced · Founding cohort');
    expect(placeText(null, '2027-01-20')).toBeNull();
  });

  it('tells the waitlisted what the waitlist means', () => {
    expect(waitlistText(january)).toBeNull();
    expect(waitlistText({ ...january, seat: 'waitlisted' })).toBe(
      'You are on the waitlist of January 2027: seats go first come, first served as they free up. Session 1 is open to you now; Sessions 2, 3 and 4 open once you have a seat.',
    );
    expect(waitlistText({ ...founding, seat: 'waitlisted' })).toMatch(
      /^You are on the waitlist of Founding cohort: .* Your sessions are open to you meanwhile\.$/,
    );
  });

  it('explains weekly pacing, and nothing when self-paced', () => {
    expect(pacingText(january)).toMatch(
      /^January 2027 moves a week at a time: .*days 8, 15 and 22 of the cohort at midnight where you are/,
    );
    expect(pacingText(founding)).toBeNull();
    expect(pacingText(null)).toBeNull();
  });
});
