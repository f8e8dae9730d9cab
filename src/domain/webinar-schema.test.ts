import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTROL_OR_LINE_BREAK } from './text';
import { webinarSchema } from './webinar-schema';
import { coachLocalToUtc, utcToCoachLocal } from './webinars';

const LA = 'America/Los_Angeles';

describe('webinar form', () => {
  it('reads wall-clock times in the coaches zone across daylight saving', () => {
    expect(coachLocalToUtc('2026-03-08T01:30', LA)).toBe('2026-03-08T09:30:00.000Z'); // PST, before the change
    expect(coachLocalToUtc('2026-03-08T03:30', LA)).toBe('2026-03-08T10:30:00.000Z'); // PDT, after it
    expect(coachLocalToUtc('2026-11-24T18:00', LA)).toBe('2026-11-25T02:00:00.000Z');
    expect(utcToCoachLocal('2026-11-25T02:00:00.000Z', LA)).toBe('2026-11-24T18:00');
    for (const bad of ['2026-02-30T10:00', '2026-11-24 18:00', '2026-11-24T24:00', '', '1999-01-01T00:00'])
      expect(coachLocalToUtc(bad, LA)).toBeNull();
  });

  it('reads them in another coaches zone when COACH_TIME_ZONE names one', () => {
    // London is on GMT in November and on BST (UTC+1) after 2027-03-28.
    expect(coachLocalToUtc('2026-11-24T18:00', 'Europe/London')).toBe('2026-11-24T18:00:00.000Z');
    expect(coachLocalToUtc('2027-04-06T18:00', 'Europe/London')).toBe('2027-04-06T17:00:00.000Z');
    expect(utcToCoachLocal('2027-04-06T17:00:00.000Z', 'Europe/London')).toBe('2027-04-06T18:00');
    expect(
      webinarSchema('Australia/Sydney').parse({
        cohortId: 'c',
        title: 'Q&A',
        location: 'Zoom',
        startTime: '2027-01-05T09:00',
        endTime: '2027-01-05T10:00',
      }).startTime,
    ).toBe('2027-01-04T22:00:00.000Z');
  });

  it('needs a title, a location and an end after the start; links must be web addresses', () => {
    const ok = webinarSchema(LA).parse({
      cohortId: ' founding ',
      title: ' Q&A ',
      location: 'Zoom',
      startTime: '2026-12-01T18:00',
      endTime: '2026-12-01T19:00',
      joinUrl: '',
    });
    expect(ok).toEqual({
      cohortId: 'founding',
      title: 'Q&A',
      description: '',
      location: 'Zoom',
      startTime: '2026-12-02T02:00:00.000Z',
      endTime: '2026-12-02T03:00:00.000Z',
      joinUrl: null,
      recordingUrl: null,
    });
    const bad = webinarSchema(LA).safeParse({
      title: '',
      location: 'Zoom',
      startTime: '2026-12-01T18:00',
      endTime: '2026-12-01T18:00',
      joinUrl: 'ftp://x',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['title', 'joinUrl']));
  });

  it('belongs to a cohort (decision 37): a missing or blank one is refused on its field', () => {
    const fields = { title: 'T', location: 'L', startTime: '2026-12-01T18:00', endTime: '2026-12-01T19:00' };
    for (const cohortId of [undefined, '', '   ', 'x'.repeat(65)]) {
      const bad = webinarSchema(LA).safeParse({ ...fields, cohortId });
      expect(bad.success, JSON.stringify(cohortId)).toBe(false);
      expect(bad.error!.issues.find((issue) => issue.path.join('.') === 'cohortId')?.message).toMatch(/^Choose a cohort/);
    }
    expect(webinarSchema(LA).parse({ ...fields, cohortId: 'c-2027-01' }).cohortId).toBe('c-2027-01');
  });

  it('keeps no control character but LF in what reaches the calendar file', () => {
    const value = webinarSchema(LA).parse({
      cohortId: 'founding',
      title: 'Week\r1\u000bQ&A\u2028live\u0000',
      description: 'Line 1\rLine 2\u0085Line 3\u2029Line 4\r\nLine 5\u001b\u009b',
      location: 'Room\u000c1\u2028',
      startTime: '2026-12-01T18:00',
      endTime: '2026-12-01T19:00',
      joinUrl: 'https://zoom.example/j/1\u0085',
      recordingUrl: 'https://zoom.example/r/\u00001',
    });
    expect(value).toMatchObject({
      title: 'Week 1 Q&A live',
      description: 'Line 1\nLine 2\nLine 3\nLine 4\nLine 5',
      location: 'Room 1',
      joinUrl: 'https://zoom.example/j/1',
      recordingUrl: 'https://zoom.example/r/1',
    });
    // A link with a line break inside, or no host a URL parser accepts, is refused.
    for (const joinUrl of ['https://zoom.example/j\n/1', 'https://zoom\u2028.example/', 'https://', 'https://exa mple.com']) {
      const bad = webinarSchema(LA).safeParse({
        cohortId: 'founding',
        title: 'T',
        location: 'L',
        startTime: '2026-12-01T18:00',
        endTime: '2026-12-01T19:00',
        joinUrl,
      });
      expect(bad.success, JSON.stringify(joinUrl)).toBe(false);
    }
  });

  it('keeps no control character but LF, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), (title, description) => {
        const result = webinarSchema(LA).safeParse({
          cohortId: 'founding',
          title,
          description,
          location: title,
          startTime: '2026-12-01T18:00',
          endTime: '2026-12-01T19:00',
        });
        if (!result.success) return;
        expect(result.data.title).not.toMatch(CONTROL_OR_LINE_BREAK);
        expect(result.data.location).not.toMatch(CONTROL_OR_LINE_BREAK);
        expect(result.data.description.replace(/[\n\t]/g, '')).not.toMatch(CONTROL_OR_LINE_BREAK);
      }),
    );
  });
});
