import { describe, expect, it } from 'vitest';
import { cohortWebinarSeries, webinarDay, weekdayOf } from './cohort-webinars';

describe('a cohort’s webinar series', () => {
  it('puts one webinar in each of the four weeks, on the chosen weekday', () => {
    // 2027-01-04 is a Monday; Tuesdays of its weeks are the 5th, 12th, 19th and 26th.
    expect(weekdayOf('2027-01-04')).toBe(1);
    expect([1, 2, 3, 4].map((week) => webinarDay('2027-01-04', week, 2))).toEqual(['2027-01-05', '2027-01-12', '2027-01-19', '2027-01-26']);
    // The start day's own weekday is day 1; an earlier weekday falls late in each week.
    expect(webinarDay('2027-01-04', 1, 1)).toBe('2027-01-04');
    expect(webinarDay('2027-01-04', 1, 0)).toBe('2027-01-10');
    expect(webinarDay('2027-01-04', 4, 0)).toBe('2027-01-31');
  });

  it('reads the time in the coaches’ zone, an hour long, with the weekly titles', () => {
    const series = cohortWebinarSeries('2027-01-04', { weekday: 2, time: '18:00' }, 'America/Los_Angeles');
    expect(series).toHaveLength(4);
    expect(series[0]).toEqual({
      title: 'Life7 Coaching Webinar - Week 1',
      description: 'Wheel of Truth: score your seven arenas and choose your Keystone.',
      location: 'Online (Zoom link TBD)',
      // 18:00 PST is 02:00 UTC the next day.
      startTime: '2027-01-06T02:00:00.000Z',
      endTime: '2027-01-06T03:00:00.000Z',
    });
    expect(series.map((w) => w.title)).toEqual([1, 2, 3, 4].map((n) => `Life7 Coaching Webinar - Week ${n}`));
    expect(series[3]!.description).toMatch(/^The Life7 Path/);
  });

  it('keeps the wall clock across a daylight-saving change', () => {
    // US clocks go forward on Sunday 2027-03-14: 18:00 is PST (UTC-8) before it, PDT (UTC-7) after.
    const series = cohortWebinarSeries('2027-03-01', { weekday: 3, time: '18:00' }, 'America/Los_Angeles');
    expect(series.map((w) => w.startTime)).toEqual([
      '2027-03-04T02:00:00.000Z',
      '2027-03-11T02:00:00.000Z',
      '2027-03-18T01:00:00.000Z',
      '2027-03-25T01:00:00.000Z',
    ]);
  });

  it('reads the time in whichever zone the coaches are in', () => {
    const [first] = cohortWebinarSeries('2027-01-04', { weekday: 2, time: '18:00' }, 'Europe/Berlin');
    expect(first).toMatchObject({ startTime: '2027-01-05T17:00:00.000Z', endTime: '2027-01-05T18:00:00.000Z' });
  });

  it('crosses midnight when the hour does', () => {
    const [first] = cohortWebinarSeries('2027-06-07', { weekday: 1, time: '23:30' }, 'America/Los_Angeles');
    expect(first).toMatchObject({ startTime: '2027-06-08T06:30:00.000Z', endTime: '2027-06-08T07:30:00.000Z' });
  });
});
