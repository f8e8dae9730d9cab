import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDay,
  DEFAULT_TIME_ZONE,
  daysBetween,
  formatCalendarDay,
  formatInstantDay,
  isCalendarDay,
  isTimeZone,
  normalizeTimeZone,
  startOfDay,
} from './time-zone';

const at = (iso: string): Date => new Date(iso);

describe('isTimeZone', () => {
  it('accepts IANA zones', () => {
    for (const zone of [
      'America/Los_Angeles',
      'Pacific/Tongatapu',
      'Pacific/Honolulu',
      'Europe/Berlin',
      'UTC',
      'Etc/GMT+10',
      DEFAULT_TIME_ZONE,
    ]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
  });

  it('rejects garbage, offsets, non-strings and very long strings', () => {
    for (const value of [
      '',
      'Mars/Olympus_Mons',
      'not a zone',
      '+05:00',
      '-10:00',
      '../etc/passwd',
      'America/Los Angeles',
      `America/${'x'.repeat(100)}`,
      'A'.repeat(10_000),
      null,
      undefined,
      7,
      {},
      ['UTC'],
    ]) {
      expect(isTimeZone(value), String(value).slice(0, 40)).toBe(false);
    }
  });

  it('normalizes to the canonical name', () => {
    expect(normalizeTimeZone('america/los_angeles')).toBe('America/Los_Angeles');
    expect(normalizeTimeZone('Nope/Nowhere')).toBeNull();
  });

  it('stays usable after more zones than the cache holds', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 120);
    for (const zone of zones) expect(isTimeZone(zone), zone).toBe(true);
    expect(calendarDay(at('2026-01-01T12:00:00Z'), zones[0] as string)).toMatch(/^2026-01-0[12]$/);
  });
});

describe('calendarDay', () => {
  it('is the local date in the zone', () => {
    expect(calendarDay(at('2026-06-15T12:00:00Z'), 'UTC')).toBe('2026-06-15');
    expect(calendarDay(at('2026-06-15T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-06-14');
  });

  it('splits days at local midnight for a UTC+13 user (Pacific/Tongatapu)', () => {
    expect(calendarDay(at('2026-11-23T10:59:00Z'), 'Pacific/Tongatapu')).toBe('2026-11-23'); // 23:59
    expect(calendarDay(at('2026-11-23T11:01:00Z'), 'Pacific/Tongatapu')).toBe('2026-11-24'); // 00:01
  });

  it('splits days at local midnight for a UTC-10 user (Pacific/Honolulu)', () => {
    expect(calendarDay(at('2026-11-24T09:59:00Z'), 'Pacific/Honolulu')).toBe('2026-11-23'); // 23:59
    expect(calendarDay(at('2026-11-24T10:01:00Z'), 'Pacific/Honolulu')).toBe('2026-11-24'); // 00:01
  });

  it('answers each instant of a minute alike, and the next minute afresh (the kept day)', () => {
    const zone = 'Pacific/Tongatapu';
    expect(calendarDay(at('2026-11-23T10:59:00.000Z'), zone)).toBe('2026-11-23');
    expect(calendarDay(at('2026-11-23T10:59:59.999Z'), zone)).toBe('2026-11-23'); // 23:59:59.999
    expect(calendarDay(at('2026-11-23T11:00:00.000Z'), zone)).toBe('2026-11-24'); // 00:00
    expect(calendarDay(at('2026-11-23T10:59:30.000Z'), zone)).toBe('2026-11-23'); // back again
  });

  it("works out days before 1973 every time: Liberia's clock ran 44 minutes 30 seconds behind UTC until 1972", () => {
    const zone = 'Africa/Monrovia';
    expect(calendarDay(at('1970-01-01T00:44:29Z'), zone)).toBe('1969-12-31'); // 23:59:59
    expect(calendarDay(at('1970-01-01T00:44:31Z'), zone)).toBe('1970-01-01'); // 00:00:01, the same UTC minute
  });

  it('gives the same instant different days on either side of the date line', () => {
    const instant = at('2026-11-23T11:01:00Z');
    expect(calendarDay(instant, 'Pacific/Tongatapu')).toBe('2026-11-24');
    expect(calendarDay(instant, 'Pacific/Honolulu')).toBe('2026-11-23');
    expect(calendarDay(instant, 'UTC')).toBe('2026-11-23');
  });

  it('follows America/Los_Angeles into daylight saving time (2026-03-08, a 23-hour day)', () => {
    const zone = 'America/Los_Angeles';
    expect(calendarDay(at('2026-03-08T07:59:00Z'), zone)).toBe('2026-03-07'); // 23:59 PST
    expect(calendarDay(at('2026-03-08T08:00:00Z'), zone)).toBe('2026-03-08'); // 00:00 PST
    expect(calendarDay(at('2026-03-08T10:00:00Z'), zone)).toBe('2026-03-08'); // 03:00 PDT
    expect(calendarDay(at('2026-03-09T06:59:00Z'), zone)).toBe('2026-03-08'); // 23:59 PDT
    expect(calendarDay(at('2026-03-09T07:00:00Z'), zone)).toBe('2026-03-09'); // 00:00 PDT
  });

  it('follows America/Los_Angeles back to standard time (2026-11-01, a 25-hour day)', () => {
    const zone = 'America/Los_Angeles';
    expect(calendarDay(at('2026-11-01T06:59:00Z'), zone)).toBe('2026-10-31'); // 23:59 PDT
    expect(calendarDay(at('2026-11-01T07:00:00Z'), zone)).toBe('2026-11-01'); // 00:00 PDT
    expect(calendarDay(at('2026-11-01T09:30:00Z'), zone)).toBe('2026-11-01'); // 01:30 PST, the second one
    expect(calendarDay(at('2026-11-02T07:59:00Z'), zone)).toBe('2026-11-01'); // 23:59 PST
    expect(calendarDay(at('2026-11-02T08:00:00Z'), zone)).toBe('2026-11-02'); // 00:00 PST
  });

  it('refuses an invalid date or zone', () => {
    expect(() => calendarDay(new Date('nope'), 'UTC')).toThrow(RangeError);
    expect(() => calendarDay(new Date(), 'Mars/Base')).toThrow(RangeError);
  });
});

describe('addDays and daysBetween', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2026-11-23', 1)).toBe('2026-11-24');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -365)).toBe('2025-01-01');
    expect(addDays('2026-05-05', 0)).toBe('2026-05-05');
  });

  it('is not fooled by daylight-saving changes (yesterday is always the previous date)', () => {
    expect(addDays('2026-03-09', -1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', -1)).toBe('2026-03-07');
    expect(addDays('2026-11-02', -1)).toBe('2026-11-01');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    // Naive "24 hours earlier" from 23:30 PST on 2026-11-01 is still 2026-11-01 locally.
    const lateOnLongDay = at('2026-11-02T07:30:00Z');
    expect(calendarDay(new Date(lateOnLongDay.getTime() - 24 * 3600 * 1000), 'America/Los_Angeles')).toBe('2026-11-01');
    expect(addDays(calendarDay(lateOnLongDay, 'America/Los_Angeles'), -1)).toBe('2026-10-31');
  });

  it('counts whole days', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
  });

  it('refuses what is not a calendar day or a whole number', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('26-1-1', 1)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
  });
});

describe('isCalendarDay and formatCalendarDay', () => {
  it('knows real dates', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay(20260101)).toBe(false);
  });

  it('formats a day as that date, whatever the zone', () => {
    expect(formatCalendarDay('2026-11-23')).toBe('Mon, Nov 23, 2026');
    expect(formatCalendarDay('2026-11-23', '2026')).toBe('Mon, Nov 23');
    expect(formatCalendarDay('2025-11-23', '2026')).toBe('Sun, Nov 23, 2025');
  });

  it("reads as Intl's en-US format on every day of 41 years", () => {
    const withYear = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    const withoutYear = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
    for (let day = '2000-01-01'; day <= '2040-12-31'; day = addDays(day, 1)) {
      const midnight = new Date(`${day}T00:00:00Z`);
      expect(formatCalendarDay(day)).toBe(withYear.format(midnight));
      expect(formatCalendarDay(day, day.slice(0, 4))).toBe(withoutYear.format(midnight));
    }
  });
});

describe('startOfDay', () => {
  it('is the first instant of the day in the zone', () => {
    expect(startOfDay('2026-11-20', 'UTC').toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(startOfDay('2026-11-20', 'America/Los_Angeles').toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(startOfDay('2026-11-20', 'Pacific/Auckland').toISOString()).toBe('2026-11-19T11:00:00.000Z');
    // The day the clocks go forward in Los Angeles still starts at its midnight (PST).
    expect(startOfDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata']) {
      const start = startOfDay('2026-06-01', zone);
      expect(calendarDay(start, zone)).toBe('2026-06-01');
      expect(calendarDay(new Date(start.getTime() - 1), zone)).toBe('2026-05-31');
    }
  });

  it('answers a repeat from what it kept, as a Date of its own, and still refuses what it cannot read', () => {
    // A day that skips its midnight: Santiago's clocks went forward from 00:00 to 01:00 on 2026-09-06.
    const first = startOfDay('2026-09-06', 'America/Santiago');
    expect(first.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    first.setTime(0);
    expect(startOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(() => startOfDay('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => startOfDay('2026-06-01', 'Not/AZone')).toThrow(RangeError);
  });
});

describe('formatInstantDay', () => {
  it('writes the day an instant falls on in the zone, and null for an unreadable instant or zone', () => {
    // 03:30 UTC on Nov 24 is still Nov 23 in Los Angeles.
    expect(formatInstantDay('2026-11-24T03:30:00.000Z', 'America/Los_Angeles')).toBe('Mon, Nov 23, 2026');
    expect(formatInstantDay('2026-11-24T03:30:00.000Z', 'Europe/Berlin', '2026')).toBe('Tue, Nov 24');
    expect(formatInstantDay('not a date', 'Europe/Berlin')).toBeNull();
    expect(formatInstantDay('2026-11-24T03:30:00.000Z', 'Not/AZone')).toBeNull();
  });
});
