import { describe, expect, it, vi } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl, webinarSchedule } from './webinar-schedule';
import { nextTuesdaySessions, pastWebinars, upcomingWebinars, type Webinar, webinarLabels } from './webinars';

/** The day and the time of webinarLabels, one at a time. */
const webinarDay = (startTime: string, now?: Date, zone?: string): string => webinarLabels(startTime, now, zone).day;
const webinarTime = (startTime: string, zone?: string): string => webinarLabels(startTime, new Date(), zone).time;

function session(day: string, startUtc: string, endUtc: string, extra: Partial<Webinar> = {}): Webinar {
  return {
    id: `webinar-${day}`,
    title: 'Life7 Coaching Webinar - Week 1',
    description: 'Weekly coaching',
    location: 'Online (Zoom link TBD)',
    startTime: startUtc,
    endTime: endUtc,
    joinUrl: null,
    recordingUrl: null,
    ...extra,
  };
}

// Tuesdays 6:00 PM PST = 02:00Z the next day.
const series: Webinar[] = ['2025-11-12', '2025-11-19', '2025-11-26', '2025-12-03'].map((day, i) =>
  session(day, `${day}T02:00:00.000Z`, `${day}T03:00:00.000Z`, { title: `Life7 Coaching Webinar - Week ${i + 1}` }),
);
const IN_2025 = new Date('2025-10-01T12:00:00Z');

describe("webinar times in the viewer's own zone (decision 26)", () => {
  it('names the zone: its abbreviation, or its long name rather than an offset', () => {
    expect(webinarTime('2026-11-18T02:00:00.000Z', 'America/New_York')).toMatch(/^9:00.PM EST$/);
    expect(webinarTime('2026-11-18T02:00:00.000Z', 'Europe/Berlin')).toMatch(/^3:00.AM Central European Standard Time$/);
    expect(webinarTime('2026-11-18T02:00:00.000Z', 'Europe/London')).toMatch(/^2:00.AM GMT$/);
    expect(webinarTime('2026-11-18T02:00:00.000Z', 'Not/AZone')).toMatch(/^6:00.PM PST$/);
  });

  it("dates the session in the viewer's zone", () => {
    expect(webinarDay('2026-11-18T02:00:00.000Z', new Date('2026-11-01T00:00:00Z'), 'Europe/Berlin')).toBe('Wed 11/18');
    expect(webinarDay('2026-11-18T02:00:00.000Z', new Date('2026-11-01T00:00:00Z'))).toBe('Tue 11/17');
  });
});

describe('webinarLabels', () => {
  it('reads as Tuesdays at 6:00 PM PST in winter', () => {
    expect(series.map((w) => webinarDay(w.startTime, IN_2025))).toEqual(['Tue 11/11', 'Tue 11/18', 'Tue 11/25', 'Tue 12/02']);
    expect(webinarTime(series[0]!.startTime)).toBe('6:00 PM PST');
  });

  it('reads PDT in summer (6:00 PM is 01:00Z then)', () => {
    expect(webinarTime('2026-07-08T01:00:00.000Z')).toBe('6:00 PM PDT');
    expect(webinarDay('2026-07-08T01:00:00.000Z', new Date('2026-07-01T00:00:00Z'))).toBe('Tue 07/07');
  });

  it('adds the year only when the session is not in the current year (Los Angeles)', () => {
    expect(webinarDay(series[0]!.startTime, new Date('2026-11-23T12:00:00Z'))).toBe('Tue 11/11/2025');
    expect(webinarDay('2027-01-06T02:00:00.000Z', new Date('2026-12-30T12:00:00Z'))).toBe('Tue 01/05/2027');
    // 2027-01-01T05:00Z is still Dec 31 2026 in Los Angeles: same year as a Dec 2026 session.
    expect(webinarDay('2026-12-30T02:00:00.000Z', new Date('2027-01-01T05:00:00Z'))).toBe('Tue 12/29');
  });

  it('builds no Intl.DateTimeFormat per call (they are shared per isolate)', () => {
    webinarDay(series[0]!.startTime, IN_2025);
    webinarTime(series[0]!.startTime);
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (const w of series) webinarDay(w.startTime, IN_2025) + webinarTime(w.startTime);
      nextTuesdaySessions(IN_2025);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('defaults `now` to the present', () => {
    const soon = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    expect(webinarDay(soon)).toMatch(/^[A-Z][a-z]{2} \d{2}\/\d{2}(\/\d{4})?$/);
  });
});

describe('upcomingWebinars and pastWebinars', () => {
  const first = series[0]!;
  const shuffled = [series[2]!, series[0]!, series[3]!, series[1]!];

  it('keeps a session upcoming until it ends', () => {
    expect(upcomingWebinars(shuffled, new Date('2025-11-12T02:30:00Z'))[0]).toBe(first); // in progress
    expect(upcomingWebinars(shuffled, new Date('2025-11-12T02:59:59.999Z'))[0]).toBe(first);
    expect(upcomingWebinars(shuffled, new Date('2025-11-12T03:00:00Z'))[0]).toBe(series[1]); // ended
    expect(pastWebinars(shuffled, new Date('2025-11-12T03:00:00Z'))).toEqual([first]);
    expect(pastWebinars(shuffled, new Date('2025-11-12T02:59:59Z'))).toEqual([]);
  });

  it('sorts upcoming soonest first and past newest first, without touching the input', () => {
    const copy = [...shuffled];
    expect(upcomingWebinars(shuffled, IN_2025)).toEqual(series);
    expect(pastWebinars(shuffled, new Date('2026-01-01T00:00:00Z'))).toEqual([...series].reverse());
    expect(shuffled).toEqual(copy);
  });
});

describe('calendar links', () => {
  /** A link's address and every query parameter, to compare whole. */
  const partsOf = (link: string | null) => {
    const url = new URL(link!);
    return { address: url.origin + url.pathname, ...Object.fromEntries(url.searchParams) };
  };

  it('builds a Google link for the first session recurring weekly once per upcoming session', () => {
    expect(partsOf(googleCalendarUrl(series))).toEqual({
      address: 'https://calendar.google.com/calendar/render',
      action: 'TEMPLATE',
      text: 'Life7 Coaching Webinar',
      dates: '20251112T020000Z/20251112T030000Z',
      recur: 'RRULE:FREQ=WEEKLY;COUNT=4',
      location: 'Online (Zoom link TBD)',
      details: 'Weekly coaching',
    });
    expect(partsOf(googleCalendarUrl(series.slice(2)))).toMatchObject({
      recur: 'RRULE:FREQ=WEEKLY;COUNT=2',
      dates: '20251126T020000Z/20251126T030000Z',
    });
  });

  it('builds an Outlook compose link for the first session', () => {
    expect(partsOf(outlookCalendarUrl(series))).toEqual({
      address: 'https://outlook.live.com/calendar/0/deeplink/compose',
      path: '/calendar/action/compose',
      rru: 'addevent',
      subject: 'Life7 Coaching Webinar',
      startdt: '2025-11-12T02:00:00.000Z',
      enddt: '2025-11-12T03:00:00.000Z',
      location: 'Online (Zoom link TBD)',
      body: 'Weekly coaching',
    });
  });

  it('has no links for an empty schedule', () => {
    expect(googleCalendarUrl([])).toBeNull();
    expect(outlookCalendarUrl([])).toBeNull();
  });
});

describe('nextTuesdaySessions', () => {
  const starts = (now: string, count?: number): string[] => nextTuesdaySessions(new Date(now), count).map((w) => w.startTime);

  it('returns four rows shaped like the webinars table', () => {
    const rows = nextTuesdaySessions(new Date('2026-10-28T12:00:00Z'));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      id: 'webinar-2026-11-03',
      title: 'Life7 Coaching Webinar - Week 1',
      description: expect.any(String),
      location: 'Online (Zoom link TBD)',
      startTime: '2026-11-04T02:00:00.000Z',
      endTime: '2026-11-04T03:00:00.000Z',
      joinUrl: null,
      recordingUrl: null,
    });
    expect(rows.map((w) => w.id)).toEqual(['webinar-2026-11-03', 'webinar-2026-11-10', 'webinar-2026-11-17', 'webinar-2026-11-24']);
    expect(rows.map((w) => w.title.slice(-6))).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
    expect(rows.every((w) => webinarDay(w.startTime, new Date('2026-10-28T12:00:00Z')).startsWith('Tue '))).toBe(true);
    expect(rows.every((w) => webinarTime(w.startTime) === '6:00 PM PST')).toBe(true);
  });

  it('moves by an hour in UTC when daylight saving ends (Nov 1 2026)', () => {
    expect(starts('2026-10-21T12:00:00Z')).toEqual([
      '2026-10-28T01:00:00.000Z', // Tue Oct 27, 6:00 PM PDT
      '2026-11-04T02:00:00.000Z', // Tue Nov 3, 6:00 PM PST
      '2026-11-11T02:00:00.000Z',
      '2026-11-18T02:00:00.000Z',
    ]);
  });

  it('moves by an hour in UTC when daylight saving starts (Mar 8 2026)', () => {
    expect(starts('2026-03-01T20:00:00Z', 2)).toEqual(['2026-03-04T02:00:00.000Z', '2026-03-11T01:00:00.000Z']);
    expect(nextTuesdaySessions(new Date('2026-03-01T20:00:00Z'), 2).map((w) => w.endTime)).toEqual([
      '2026-03-04T03:00:00.000Z',
      '2026-03-11T02:00:00.000Z',
    ]);
  });

  it('counts today while today is Tuesday and the session has not ended', () => {
    // Tue Nov 24 2026 in Los Angeles: morning, during the session, at its end.
    expect(starts('2026-11-24T17:00:00Z', 1)).toEqual(['2026-11-25T02:00:00.000Z']);
    expect(starts('2026-11-25T02:30:00Z', 1)).toEqual(['2026-11-25T02:00:00.000Z']);
    expect(starts('2026-11-25T03:00:00Z', 1)).toEqual(['2026-12-02T02:00:00.000Z']);
  });

  it('uses the Los Angeles date, not the UTC one', () => {
    // Tuesday in UTC but still Monday evening in Los Angeles: the next day is the session.
    expect(starts('2026-11-24T05:00:00Z', 1)).toEqual(['2026-11-25T02:00:00.000Z']);
    // Wednesday in UTC but Tuesday 5:00 PM in Los Angeles: today still counts.
    expect(starts('2026-11-25T01:00:00Z', 1)).toEqual(['2026-11-25T02:00:00.000Z']);
    // Wednesday in Los Angeles: six days ahead.
    expect(starts('2026-11-25T12:00:00Z', 1)).toEqual(['2026-12-02T02:00:00.000Z']);
  });

  it('crosses a year boundary', () => {
    expect(nextTuesdaySessions(new Date('2026-12-28T12:00:00Z'), 2).map((w) => w.id)).toEqual(['webinar-2026-12-29', 'webinar-2027-01-05']);
  });
});

describe('webinarSchedule', () => {
  const IN_2025 = new Date('2025-11-01T00:00:00Z');

  it('labels each session in the zone, with the calendar links, and is null when nothing is upcoming', () => {
    const view = webinarSchedule(series, IN_2025, 'America/New_York')!;
    expect(view.sessions.map(({ day, time }) => `${day} ${time}`)).toEqual([
      'Tue 11/11 9:00 PM EST',
      'Tue 11/18 9:00 PM EST',
      'Tue 11/25 9:00 PM EST',
      'Tue 12/02 9:00 PM EST',
    ]);
    expect(view.google).toBe(googleCalendarUrl(series));
    expect(view.outlook).toBe(outlookCalendarUrl(series));
    expect(webinarSchedule([], IN_2025, 'America/New_York')).toBeNull();
  });

  it('answers anew for another zone, another year or an edited session (the kept views never go stale)', () => {
    expect(webinarSchedule(series, IN_2025, 'Europe/Berlin')!.sessions[0]).toMatchObject({
      day: 'Wed 11/12',
      time: '3:00 AM Central European Standard Time',
    });
    expect(webinarSchedule(series, new Date('2026-06-01T00:00:00Z'), 'America/Los_Angeles')!.sessions[0]!.day).toBe('Tue 11/11/2025');
    const moved = [{ ...series[0]!, startTime: '2025-11-12T03:00:00.000Z' }, ...series.slice(1)];
    expect(webinarSchedule(moved, IN_2025, 'America/Los_Angeles')!.sessions[0]!.time).toBe('7:00 PM PST');
    const renamed = [{ ...series[0]!, location: 'Zoom room 2' }, ...series.slice(1)];
    expect(webinarSchedule(renamed, IN_2025, 'America/Los_Angeles')!.outlook).toContain('Zoom+room+2');
  });
});
