import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_TEXT_MAX,
  checkInDay,
  checkInFormSchema,
  checkInSchema,
  checkInStreak,
  describeDay,
  formatMood,
  CHECK_IN_MESSAGES as M,
  MOOD_DEFAULT,
  MOOD_MAX,
  MOOD_MIN,
  streakDays,
  streakLabel,
} from './check-ins';
import { calendarDay } from './time-zone';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function formErrors(entries: [string, string][]): Record<string, string[] | null> {
  const submission = parseWithZod(form(entries), { schema: checkInSchema });
  expect(submission.status).toBe('error');
  return submission.status === 'error' ? (submission.error ?? {}) : {};
}

describe('constants', () => {
  it('match docs/product.md#check-ins: mood 1-10, default 5', () => {
    expect([MOOD_MIN, MOOD_MAX, MOOD_DEFAULT]).toEqual([1, 10, 5]);
  });
});

describe('checkInSchema, JSON', () => {
  it('accepts a whole mood and trims the texts', () => {
    expect(checkInSchema.parse({ mood: 7, drift: '  scrolled too long ', win: 'ran 5k' })).toEqual({
      mood: 7,
      drift: 'scrolled too long',
      win: 'ran 5k',
      actions: [],
    });
  });

  it('lets the texts be empty or absent', () => {
    expect(checkInSchema.parse({ mood: 1 })).toEqual({ mood: 1, drift: '', win: '', actions: [] });
    expect(checkInSchema.parse({ mood: 10, drift: '   ', win: '' })).toEqual({ mood: 10, drift: '', win: '', actions: [] });
  });

  it('refuses moods outside 1-10, fractions and non-numbers with one message', () => {
    for (const mood of [0, 11, -1, 5.5, Number.NaN, Number.POSITIVE_INFINITY, '7', null, undefined, [7], { value: 7 }]) {
      const result = checkInSchema.safeParse({ mood });
      expect(result.success, String(mood)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(M.mood);
      expect(result.error?.issues[0]?.path).toEqual(['mood']);
    }
  });

  it('refuses texts that are too long or not text', () => {
    const long = checkInSchema.safeParse({ mood: 5, drift: 'x'.repeat(CHECK_IN_TEXT_MAX + 1) });
    expect(long.error?.issues.map((i) => [i.path, i.message])).toEqual([[['drift'], M.tooLong]]);
    expect(checkInSchema.safeParse({ mood: 5, win: 'x'.repeat(CHECK_IN_TEXT_MAX) }).success).toBe(true);
    const nested = checkInSchema.safeParse({ mood: 5, drift: { $gt: '' }, win: ['a', 'b'] });
    expect(nested.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['drift'], M.drift],
      [['win'], M.win],
    ]);
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 7, 'mood=7', [{ mood: 7 }]]) expect(checkInSchema.safeParse(body).success).toBe(false);
  });

  it('keeps a valid time zone (canonical), drops anything else silently', () => {
    expect(checkInSchema.parse({ mood: 5, timeZone: 'pacific/honolulu' }).timeZone).toBe('Pacific/Honolulu');
    for (const timeZone of ['Mars/Base', '+05:00', 'x'.repeat(500), 42, { a: 1 }]) {
      const result = checkInSchema.safeParse({ mood: 5, timeZone });
      expect(result.success).toBe(true);
      expect(result.data?.timeZone).toBeUndefined();
    }
  });
});

describe('checkInSchema, form posts (through conform)', () => {
  it('reads the mood from its string', () => {
    const submission = parseWithZod(
      form([
        ['mood', '7'],
        ['drift', ' phone '],
        ['win', ''],
        ['timeZone', 'Pacific/Tongatapu'],
        ['day', '2026-11-25'],
        ['actions[0].accelerator', 'Focus'],
        ['actions[0].done', 'on'],
        ['actions[1].accelerator', 'Service'],
        ['actions[1].done', ''],
      ]),
      { schema: checkInFormSchema },
    );
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      mood: 7,
      drift: 'phone',
      win: '',
      timeZone: 'Pacific/Tongatapu',
      day: '2026-11-25',
      actions: [
        { accelerator: 'Focus', done: true },
        { accelerator: 'Service', done: false },
      ],
    });
  });

  it('gives the mood message for missing, blank, fractional, out-of-range or junk values', () => {
    expect(formErrors([])).toEqual({ mood: [M.mood] });
    for (const mood of ['', ' ', '0', '11', '6.5', 'seven', '1e3']) expect(formErrors([['mood', mood]]), mood).toEqual({ mood: [M.mood] });
  });

  it('refuses nested or repeated fields instead of crashing', () => {
    expect(formErrors([['mood.value', '7']])).toEqual({ mood: [M.mood] });
    expect(
      formErrors([
        ['mood', '7'],
        ['mood', '8'],
      ]),
    ).toEqual({ mood: [M.mood] });
    expect(
      formErrors([
        ['mood', '7'],
        ['drift[0]', 'a'],
      ]),
    ).toEqual({ drift: [M.drift] });
    expect(
      formErrors([
        ['mood', '7'],
        ['win.x', 'a'],
      ]),
    ).toEqual({ win: [M.win] });
  });
});

describe('checkInStreak', () => {
  const today = '2026-11-24';

  it('is 0 with no check-ins', () => {
    expect(checkInStreak([], today)).toBe(0);
  });

  it('counts today alone, or yesterday alone (the streak lives until tonight)', () => {
    expect(checkInStreak([today], today)).toBe(1);
    expect(checkInStreak(['2026-11-23'], today)).toBe(1);
  });

  it('counts back from today while the days are consecutive', () => {
    expect(checkInStreak(['2026-11-22', '2026-11-23', '2026-11-24'], today)).toBe(3);
    expect(checkInStreak(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'], today)).toBe(4);
  });

  it('stops at a gap', () => {
    expect(checkInStreak(['2026-11-20', '2026-11-21', '2026-11-23', '2026-11-24'], today)).toBe(2);
  });

  it('is 0 when the latest check-in was two days ago or earlier', () => {
    expect(checkInStreak(['2026-11-20', '2026-11-21', '2026-11-22'], today)).toBe(0);
    expect(checkInStreak(['2025-01-01'], today)).toBe(0);
  });

  it('tolerates duplicates, any order, junk and days after today', () => {
    expect(checkInStreak(['2026-11-23', '2026-11-24', '2026-11-23', '2026-11-22', '2026-11-24'], today)).toBe(3);
    expect(checkInStreak(['2026-11-22', 'garbage', '2026-11-24', '2026-11-25', '2026-11-23'], today)).toBe(3);
  });

  it('runs across month and year ends', () => {
    expect(checkInStreak(['2026-12-30', '2026-12-31', '2027-01-01'], '2027-01-02')).toBe(3);
    expect(checkInStreak(['2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01')).toBe(3);
  });

  it('counts a daily 9 PM check-in across the spring-forward change in Los Angeles', () => {
    const zone = 'America/Los_Angeles';
    // 21:00 local on 03-07 (PST, UTC-8), 03-08 and 03-09 (PDT, UTC-7).
    const days = ['2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z', '2026-03-10T04:00:00Z'].map((iso) => calendarDay(new Date(iso), zone));
    expect(days).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(checkInStreak(days, '2026-03-09')).toBe(3);
    expect(checkInStreak(days, '2026-03-10')).toBe(3);
    expect(checkInStreak(days, '2026-03-11')).toBe(0);
  });

  it('counts a late-night check-in across the fall-back change in Los Angeles', () => {
    const zone = 'America/Los_Angeles';
    // 23:30 local on 10-31 (PDT, UTC-7), 11-01 (PST, UTC-8: 25 hours after 00:00) and 11-02.
    const instants = ['2026-11-01T06:30:00Z', '2026-11-02T07:30:00Z', '2026-11-03T07:30:00Z'];
    const days = instants.map((iso) => calendarDay(new Date(iso), zone));
    expect(days).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(checkInStreak(days, calendarDay(new Date('2026-11-03T07:45:00Z'), zone))).toBe(3);
  });

  it('uses the user’s own day: Tongatapu (UTC+13) and Honolulu (UTC-10) near midnight', () => {
    const tonga = 'Pacific/Tongatapu';
    const honolulu = 'Pacific/Honolulu';
    // Tongatapu checks in at 23:59 on 11-23, then at 00:01 two minutes later: two days.
    const tongaDays = [calendarDay(new Date('2026-11-23T10:59:00Z'), tonga), calendarDay(new Date('2026-11-23T11:01:00Z'), tonga)];
    expect(tongaDays).toEqual(['2026-11-23', '2026-11-24']);
    expect(checkInStreak(tongaDays, '2026-11-24')).toBe(2);
    // The same two instants are one day (11-23, after 00:59) in Honolulu: one check-in, edited.
    const honoluluDays = new Set([
      calendarDay(new Date('2026-11-23T10:59:00Z'), honolulu),
      calendarDay(new Date('2026-11-23T11:01:00Z'), honolulu),
    ]);
    expect([...honoluluDays]).toEqual(['2026-11-23']);
    // Honolulu at 23:59 on 11-24 still has its streak from 11-23 (yesterday); at 00:01 on 11-26 it is gone.
    expect(checkInStreak([...honoluluDays], calendarDay(new Date('2026-11-25T09:59:00Z'), honolulu))).toBe(1);
    expect(checkInStreak([...honoluluDays], calendarDay(new Date('2026-11-26T10:01:00Z'), honolulu))).toBe(0);
    // While it is already 11-25 in Tongatapu, a check-in on Tongatapu's 11-23 is two days old.
    expect(checkInStreak(['2026-11-23'], calendarDay(new Date('2026-11-24T11:01:00Z'), tonga))).toBe(0);
  });
});

describe('labels', () => {
  it('describes the streak', () => {
    expect(streakLabel(0)).toBe('No streak yet — check in today to start one');
    expect(streakLabel(7)).toBe('🔥 7-day streak');
    expect(streakDays(1)).toBe('1 day');
    expect(streakDays(7)).toBe('7 days');
    expect(streakDays(0)).toBe('0 days');
  });

  it('names today and yesterday, and dates the rest', () => {
    expect(describeDay('2026-11-24', '2026-11-24')).toBe('Today');
    expect(describeDay('2026-11-23', '2026-11-24')).toBe('Yesterday');
    expect(describeDay('2026-11-21', '2026-11-24')).toBe('Sat, Nov 21');
    expect(describeDay('2025-12-31', '2026-01-02')).toBe('Wed, Dec 31, 2025');
    expect(formatMood(7)).toBe('7/10');
  });
});

describe('checkInDay', () => {
  it('is the day the form names when it is today or yesterday, today without one, else null', () => {
    expect(checkInDay(undefined, '2026-11-25')).toBe('2026-11-25');
    expect(checkInDay('2026-11-25', '2026-11-25')).toBe('2026-11-25');
    expect(checkInDay('2026-11-24', '2026-11-25')).toBe('2026-11-24');
    expect(checkInDay('2026-11-23', '2026-11-25')).toBeNull();
    expect(checkInDay('2026-11-26', '2026-11-25')).toBeNull();
  });

  it('refuses a day that is not a calendar day', () => {
    expect(checkInSchema.safeParse({ mood: 5, day: '2026-02-30' }).error?.issues[0]?.message).toBe(M.day);
    expect(checkInSchema.safeParse({ mood: 5, day: 7 }).error?.issues[0]?.message).toBe(M.day);
  });
});
