import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  checkInDayInWindow,
  localTimeChoices,
  localTimeLabel,
  localToUtc,
  nextCheckInDue,
  parseLocalTime,
  remindersFormSchema,
  remindersSchema,
  reminderWindow,
  startInZone,
  webinarReminderRange,
} from './reminders';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('local times', () => {
  it('takes quarter hours only', () => {
    expect(parseLocalTime('20:00')).toBe(1200);
    expect(parseLocalTime('07:15')).toBe(435);
    expect(parseLocalTime('07:10')).toBeNull();
    expect(parseLocalTime('24:00')).toBeNull();
    expect(parseLocalTime('7:15')).toBeNull();
    expect(localTimeChoices()).toHaveLength(96);
    expect(localTimeLabel(1200)).toBe('8:00 PM');
    expect(localTimeLabel(0)).toBe('12:00 AM');
  });

  it('validates the API body and the form', () => {
    expect(z.safeParse(remindersSchema, { checkIn: { enabled: true, localTime: '20:00' }, webinars: { enabled: false } }).data).toEqual({
      checkIn: { enabled: true, localTime: 1200 },
      webinars: { enabled: false },
    });
    expect(z.safeParse(remindersSchema, { checkIn: { enabled: true, localTime: '20:05' }, webinars: { enabled: false } }).success).toBe(
      false,
    );
    expect(z.safeParse(remindersSchema, { checkIn: { enabled: 'yes', localTime: '20:00' }, webinars: { enabled: false } }).success).toBe(
      false,
    );
    expect(z.safeParse(remindersFormSchema, { checkInEnabled: 'on', localTime: '06:45' }).data).toEqual({
      checkIn: { enabled: true, localTime: 405 },
      webinars: { enabled: false },
    });
  });
});

describe('local time to UTC, DST included', () => {
  it('converts ordinary days in winter and summer', () => {
    expect(localToUtc('2026-11-25', 1200, NY).toISOString()).toBe('2026-11-26T01:00:00.000Z');
    expect(localToUtc('2026-07-01', 1200, NY).toISOString()).toBe('2026-07-02T00:00:00.000Z');
    expect(localToUtc('2026-07-01', 0, 'Asia/Kathmandu').toISOString()).toBe('2026-06-30T18:15:00.000Z');
  });

  it('moves a time the spring change skips forward by the gap, and takes the first of a repeated one', () => {
    // 2027-03-14: New York skips 02:00-03:00.
    expect(localToUtc('2027-03-14', 150, NY).toISOString()).toBe('2027-03-14T07:30:00.000Z'); // 03:30 EDT
    expect(localToUtc('2027-03-14', 180, NY).toISOString()).toBe('2027-03-14T07:00:00.000Z'); // 03:00 EDT
    // 2026-11-01: 01:30 happens twice (EDT, then EST); the first is 05:30Z.
    expect(localToUtc('2026-11-01', 90, NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // 20:00 on the change days themselves.
    expect(localToUtc('2027-03-14', 1200, NY).toISOString()).toBe('2027-03-15T00:00:00.000Z');
    expect(localToUtc('2026-11-01', 1200, NY).toISOString()).toBe('2026-11-02T01:00:00.000Z');
  });
});

describe('the window that holds a reminder', () => {
  it('is the 15-minute window of the run', () => {
    expect(reminderWindow(at('2026-11-26T01:07:30Z'))).toEqual({ start: at('2026-11-26T01:00:00Z'), end: at('2026-11-26T01:15:00Z') });
  });

  it('holds 20:00 New York in the run at 20:00, not the one at 19:45', () => {
    expect(checkInDayInWindow(NY, 1200, reminderWindow(at('2026-11-26T00:45:00Z')))).toBeNull();
    expect(checkInDayInWindow(NY, 1200, reminderWindow(at('2026-11-26T01:00:00Z')))).toBe('2026-11-25');
    expect(checkInDayInWindow(NY, 1200, reminderWindow(at('2026-11-26T01:15:00Z')))).toBeNull();
  });

  it('follows the clock change: 20:00 is an hour earlier in UTC after spring forward', () => {
    expect(checkInDayInWindow(NY, 1200, reminderWindow(at('2027-03-14T01:00:00Z')))).toBe('2027-03-13');
    expect(checkInDayInWindow(NY, 1200, reminderWindow(at('2027-03-15T00:00:00Z')))).toBe('2027-03-14');
    expect(checkInDayInWindow(NY, 1200, reminderWindow(at('2027-03-15T01:00:00Z')))).toBeNull();
    // A skipped 02:30 goes out at 03:30 EDT, once.
    expect(checkInDayInWindow(NY, 150, reminderWindow(at('2027-03-14T07:30:00Z')))).toBe('2027-03-14');
    expect(checkInDayInWindow(NY, 150, reminderWindow(at('2027-03-14T06:30:00Z')))).toBeNull();
    // A repeated 01:30 goes out the first time only.
    expect(checkInDayInWindow(NY, 90, reminderWindow(at('2026-11-01T05:30:00Z')))).toBe('2026-11-01');
    expect(checkInDayInWindow(NY, 90, reminderWindow(at('2026-11-01T06:30:00Z')))).toBeNull();
  });

  it('finds the next due instant from any moment', () => {
    expect(nextCheckInDue(NY, 1200, at('2026-11-25T12:00:00Z'))).toEqual({ dueAt: at('2026-11-26T01:00:00Z'), day: '2026-11-25' });
    expect(nextCheckInDue(NY, 1200, at('2026-11-26T01:00:00Z'))).toEqual({ dueAt: at('2026-11-26T01:00:00Z'), day: '2026-11-25' });
    expect(nextCheckInDue(NY, 1200, at('2026-11-26T01:15:00Z'))).toEqual({ dueAt: at('2026-11-27T01:00:00Z'), day: '2026-11-26' });
    expect(nextCheckInDue(NY, 1200, at('2027-03-14T02:00:00Z'))).toEqual({ dueAt: at('2027-03-15T00:00:00Z'), day: '2027-03-14' });
  });
});

describe('webinar reminders', () => {
  it('go out 24 hours before, with the time in the reader’s zone', () => {
    expect(webinarReminderRange(reminderWindow(at('2026-11-30T02:00:00Z')))).toEqual({
      from: at('2026-12-01T02:00:00Z'),
      to: at('2026-12-01T02:15:00Z'),
    });
    expect(startInZone('2026-12-01T02:00:00Z', NY)).toBe('Monday, November 30, 9:00 PM EST');
    expect(startInZone('2026-12-01T02:00:00Z', 'America/Los_Angeles')).toBe('Monday, November 30, 6:00 PM PST');
  });
});
