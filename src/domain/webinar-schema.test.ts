import { describe, expect, it } from 'vitest';
import { webinarSchema } from './webinar-schema';
import { coachLocalToUtc, utcToCoachLocal } from './webinars';

describe('webinar form', () => {
  it('reads wall-clock times in the coaches zone across daylight saving', () => {
    expect(coachLocalToUtc('2026-03-08T01:30')).toBe('2026-03-08T09:30:00.000Z'); // PST, before the change
    expect(coachLocalToUtc('2026-03-08T03:30')).toBe('2026-03-08T10:30:00.000Z'); // PDT, after it
    expect(coachLocalToUtc('2026-11-24T18:00')).toBe('2026-11-25T02:00:00.000Z');
    expect(utcToCoachLocal('2026-11-25T02:00:00.000Z')).toBe('2026-11-24T18:00');
    for (const bad of ['2026-02-30T10:00', '2026-11-24 18:00', '2026-11-24T24:00', '', '1999-01-01T00:00']) expect(coachLocalToUtc(bad)).toBeNull();
  });

  it('needs a title, a location and an end after the start; links must be web addresses', () => {
    const ok = webinarSchema.parse({ title: ' Q&A ', location: 'Zoom', startTime: '2026-12-01T18:00', endTime: '2026-12-01T19:00', joinUrl: '' });
    expect(ok).toEqual({ title: 'Q&A', description: '', location: 'Zoom', startTime: '2026-12-02T02:00:00.000Z', endTime: '2026-12-02T03:00:00.000Z', joinUrl: null, recordingUrl: null });
    const bad = webinarSchema.safeParse({ title: '', location: 'Zoom', startTime: '2026-12-01T18:00', endTime: '2026-12-01T18:00', joinUrl: 'ftp://x' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['title', 'joinUrl']));
  });
});
