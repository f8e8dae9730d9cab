import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl, webinarDay, webinarTime, type Webinar } from './webinars';

const series: Webinar[] = ['2025-11-12', '2025-11-19', '2025-11-26', '2025-12-03'].map((day, i) => ({
  id: `w${i}`,
  title: `Life7 Coaching Webinar - Week ${i + 1}`,
  description: 'Weekly coaching',
  location: 'Online (Zoom link TBD)',
  startTime: `${day}T02:00:00.000Z`,
  endTime: `${day}T03:00:00.000Z`,
  joinUrl: null,
  recordingUrl: null,
}));

describe('webinar schedule', () => {
  it('reads as Tuesdays at 6:00 PM Pacific', () => {
    expect(series.map((w) => webinarDay(w.startTime))).toEqual(['Tue 11/11', 'Tue 11/18', 'Tue 11/25', 'Tue 12/02']);
    expect(webinarTime(series[0]!.startTime)).toBe('6:00 PM PST');
  });

  it('builds a Google link for the first session recurring weekly for the series', () => {
    const url = new URL(googleCalendarUrl(series)!);
    expect(url.searchParams.get('dates')).toBe('20251112T020000Z/20251112T030000Z');
    expect(url.searchParams.get('recur')).toBe('RRULE:FREQ=WEEKLY;COUNT=4');
    expect(url.searchParams.get('location')).toBe('Online (Zoom link TBD)');
  });

  it('builds an Outlook compose link for the first session', () => {
    const url = new URL(outlookCalendarUrl(series)!);
    expect(url.searchParams.get('startdt')).toBe('2025-11-12T02:00:00.000Z');
    expect(url.searchParams.get('rru')).toBe('addevent');
  });

  it('has no links for an empty schedule', () => {
    expect(googleCalendarUrl([])).toBeNull();
    expect(outlookCalendarUrl([])).toBeNull();
  });
});
