import { describe, expect, it } from 'vitest';
import { attentionSchema, byUrgency, onWorklist, primaryReason, REASON_BITS, reasonKeysOf, urgencyOf } from './worklist';

const now = new Date('2026-11-26T12:00:00.000Z');
const { quiet, mood, stall, grace } = REASON_BITS;

describe('onWorklist', () => {
  it('lists whoever needs attention and is not handled', () => {
    expect(onWorklist(stall, null, now)).toBe(true);
    expect(onWorklist(0, null, now)).toBe(false);
  });
  it('keeps a handled person off until a reason the state was not set against appears', () => {
    const contacted = { state: 'contacted' as const, reasons: stall, until: null };
    expect(onWorklist(stall, contacted, now)).toBe(false);
    expect(onWorklist(stall | quiet, contacted, now)).toBe(true);
  });
  it('keeps a snoozed person off until the snooze ends', () => {
    const snoozed = { state: 'snoozed' as const, reasons: quiet | stall, until: '2026-11-29T12:00:00.000Z' };
    expect(onWorklist(quiet, snoozed, now)).toBe(false);
    expect(onWorklist(quiet, snoozed, new Date('2026-11-29T12:00:00.000Z'))).toBe(true);
    expect(onWorklist(quiet | grace, snoozed, now)).toBe(true);
  });
});

describe('byUrgency', () => {
  const none = { quietDays: null, moodDrop: null, stallSince: null, graceUntil: null };
  it('puts the longest silence first, then the steepest mood fall, the longest stall, the grace ending soonest, then the name', () => {
    const people = [
      { ...none, name: 'grace', graceUntil: '2026-12-01T00:00:00.000Z' },
      { ...none, name: 'stall-new', stallSince: '2026-11-10T00:00:00.000Z' },
      { ...none, name: 'stall-old', stallSince: '2026-11-01T00:00:00.000Z' },
      { ...none, name: 'mood', moodDrop: 3 },
      { ...none, name: 'quiet-5', quietDays: 5 },
      { ...none, name: 'quiet-9', quietDays: 9 },
      { ...none, name: 'b-mood', moodDrop: 2.5 },
      { ...none, name: 'a-mood', moodDrop: 2.5 },
    ];
    expect([...people].sort(byUrgency).map((p) => p.name)).toEqual([
      'quiet-9',
      'quiet-5',
      'mood',
      'a-mood',
      'b-mood',
      'stall-old',
      'stall-new',
      'grace',
    ]);
  });
  it('measures each reason from what the report stores', () => {
    const moods = new Map([
      ['2026-11-25', 3],
      ['2026-11-16', 8],
    ]);
    const u = urgencyOf(
      { lastCheckIn: '2026-11-20', completedAt: ['2026-11-01T10:00:00.000Z', null, null, null], createdAt: '2026-10-30T00:00:00.000Z' },
      { quiet: true, mood: true, stall: true },
      moods,
      [{ graceUntil: '2026-12-03T00:00:00.000Z' }, { graceUntil: '2026-12-01T00:00:00.000Z' }],
      '2026-11-26',
    );
    expect(u).toEqual({
      reasons: quiet | mood | stall | grace,
      quietDays: 6,
      moodDrop: 5,
      stallSince: '2026-11-01T10:00:00.000Z',
      graceUntil: '2026-12-01T00:00:00.000Z',
    });
  });
});

describe('reasons', () => {
  it('reads a mask in the order of urgency, and picks the nudge’s reason', () => {
    expect(reasonKeysOf(grace | quiet)).toEqual(['quiet', 'grace']);
    expect(primaryReason(grace | stall, null)).toBe('stall');
    expect(primaryReason(grace | stall, 'grace')).toBe('grace');
    expect(primaryReason(stall, 'grace')).toBe('stall');
    expect(primaryReason(0, null)).toBeNull();
  });
});

describe('attentionSchema', () => {
  it('takes contacted with a note, a snooze of 3, 7 or 14 days, and open', () => {
    expect(attentionSchema.safeParse({ state: 'contacted', note: ' called ' }).data).toEqual({ state: 'contacted', note: 'called' });
    for (const days of [3, 7, 14]) expect(attentionSchema.safeParse({ state: 'snoozed', days }).success).toBe(true);
    expect(attentionSchema.safeParse({ state: 'open' }).success).toBe(true);
  });
  it('refuses a snooze without days or of other days, days without a snooze, and a note but with contacted', () => {
    for (const body of [
      { state: 'snoozed' },
      { state: 'snoozed', days: 10 },
      { state: 'open', days: 3 },
      { state: 'snoozed', days: 3, note: 'x' },
      { state: 'x' },
    ]) {
      expect(attentionSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
