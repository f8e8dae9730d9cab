import { describe, expect, it } from 'vitest';
import { timelineEntry, timelineQuerySchema } from './timeline';

describe('timeline', () => {
  it('says each kind in words', () => {
    const at = '2026-11-26T12:00:00.000Z';
    const row = { at, a: null, b: null, c: null, d: null };
    expect(timelineEntry({ ...row, kind: 'check-in', a: 7 }).text).toBe('Checked in, mood 7/10');
    expect(timelineEntry({ ...row, kind: 'session', a: 2 }).text).toBe('Completed Session 2');
    expect(timelineEntry({ ...row, kind: 'cohort', a: 'January 2027', b: 'waitlisted' }).text).toBe('Joined January 2027 (waitlisted)');
    expect(timelineEntry({ ...row, kind: 'note', a: 'Ana', c: 'Call Friday' }).text).toBe('Note by Ana: Call Friday');
    expect(
      timelineEntry({ ...row, kind: 'plan', a: 'Admin plan changed', b: 'Challenge, active', c: 'Premium, active', d: 'coach@x' }).text,
    ).toBe('Admin plan changed: Challenge, active → Premium, active (by coach@x)');
  });
  it('reads ?page and ?kind, refusing what is neither', () => {
    expect(timelineQuerySchema.safeParse({}).data).toEqual({ page: 1 });
    expect(timelineQuerySchema.safeParse({ page: '3', kind: 'note' }).data).toEqual({ page: 3, kind: 'note' });
    for (const q of [{ page: '0' }, { page: '101' }, { page: 'x' }, { kind: 'gossip' }])
      expect(timelineQuerySchema.safeParse(q).success).toBe(false);
  });
});
