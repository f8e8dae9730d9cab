import { describe, expect, it } from 'vitest';
import { ARENAS } from './arenas';
import {
  ATTENTION_PAGE_SIZE,
  attentionInWords,
  attentionRange,
  type CohortCounts,
  cohortApiQuerySchema,
  cohortFigures,
  figuresAsOf,
  figuresFromJson,
  pageCount,
  type StoredAttention,
} from './cohort-report';

const NOW = new Date('2026-11-25T20:00:00Z');
const TODAY = '2026-11-25';

const counts = (change: Partial<CohortCounts> = {}): CohortCounts => ({
  funnel: { signedUp: 2, verified: 2, session1: 0, session2: 0, session3: 0, session4: 0 },
  arenas: Object.fromEntries(ARENAS.map((a) => [a, { first: 4.25, latest: null }])) as CohortCounts['arenas'],
  checkIns: { today: 1, last7Days: 1 },
  streaks: [
    { value: 0, count: 1 },
    { value: 14, count: 1 },
  ],
  gain: { members: 0, arenas: Object.fromEntries(ARENAS.map((a) => [a, null])) as CohortCounts['gain']['arenas'] },
  ...change,
});

function stored(userId: string, change: Partial<StoredAttention> = {}): StoredAttention {
  return {
    userId,
    name: `Name ${userId}`,
    email: `${userId}@example.com`,
    today: TODAY,
    timeZone: 'UTC',
    createdAt: '2026-11-24T12:00:00Z',
    completedAt: [null, null, null, null],
    lastDay: null,
    moods: null,
    grace: null,
    ...change,
  };
}

describe('the stored figures', () => {
  it('round the arena averages and take the median streak of the histogram', () => {
    const figures = cohortFigures(counts());
    expect(figures.arenas.Faith).toEqual({ first: 4.3, latest: null });
    expect(figures.checkIns).toEqual({ today: 1, last7Days: 1, medianStreak: 7 });
    expect(Object.keys(figures)).toEqual(['funnel', 'arenas', 'checkIns', 'gain']);
  });

  it('round the wheel gain per arena, and keep null where nobody has two wheels', () => {
    const arenas = Object.fromEntries(ARENAS.map((a) => [a, null])) as CohortCounts['gain']['arenas'];
    const figures = cohortFigures(counts({ gain: { members: 3, arenas: { ...arenas, Faith: 1.25, Fun: -0.04, Field: -0.35 } } }));
    expect(figures.gain.members).toBe(3);
    expect(figures.gain.arenas).toMatchObject({ Faith: 1.3, Fun: -0, Field: -0.3, Family: null });
  });

  it('read back as written, and anything else reads as none (then the report is worked out again)', () => {
    const figures = cohortFigures(counts());
    expect(figuresFromJson(JSON.stringify(figures))).toEqual(figures);
    expect(figuresFromJson('{')).toBeNull();
    expect(figuresFromJson(JSON.stringify({ ...figures, checkIns: { today: 1 } }))).toBeNull();
    const { Fun: _fun, ...sixArenas } = figures.arenas;
    expect(figuresFromJson(JSON.stringify({ ...figures, arenas: sixArenas }))).toBeNull();
    // A report of the first format (no gain) reads as none.
    const { gain: _gain, ...firstFormat } = figures;
    expect(figuresFromJson(JSON.stringify(firstFormat))).toBeNull();
  });
});

describe('a stored needs-attention row in words', () => {
  it('is written as of the report’s day, and shows the address when there is no name', () => {
    const quiet = stored('quiet', { name: null, today: '2026-11-30', lastDay: '2026-11-26' });
    expect(attentionInWords(quiet)).toMatchObject({ name: 'quiet@example.com', reasons: ['No check-in for 4 days (last on Thu, Nov 26)'] });
    const stalled = stored('stalled', { createdAt: '2026-11-01T10:00:00Z', completedAt: ['2026-11-10T09:00:00Z', null, null, null] });
    expect(attentionInWords(stalled).reasons).toEqual(['On Session 2 for 15 days']);
  });

  it('skips stored moods or grants it cannot read rather than failing the page', () => {
    expect(attentionInWords(stored('x', { lastDay: TODAY, moods: 'not json', grace: '[{"source":"elsewhere"}]' })).reasons).toEqual([]);
  });
});

describe('the API’s pages', () => {
  it('are ATTENTION_PAGE_SIZE positions each, the first when the page is missing or unreadable', () => {
    expect(attentionRange(1, ATTENTION_PAGE_SIZE)).toEqual({ after: 0, upTo: 100 });
    expect(attentionRange(3, 100)).toEqual({ after: 200, upTo: 300 });
    expect(pageCount(0, 500)).toBe(1);
    expect(pageCount(500, 500)).toBe(1);
    expect(pageCount(501, 500)).toBe(2);
    for (const page of [undefined, 'x', '0', '-2', '1.5', '999999999'])
      expect(cohortApiQuerySchema.parse({ page }).page, String(page)).toBe(1);
    expect(cohortApiQuerySchema.parse({ page: '7' }).page).toBe(7);
  });
});

describe('how old the figures are', () => {
  it('says the time in the admin’s zone, the day too when it is not today, and when an update was missed', () => {
    expect(figuresAsOf('2026-11-25T19:45:00Z', NOW, 'America/Los_Angeles')).toEqual({ label: '11:45 AM PST', overdue: false });
    expect(figuresAsOf('2026-11-25T19:45:00Z', NOW, 'Europe/London')).toEqual({ label: '7:45 PM GMT', overdue: false });
    expect(figuresAsOf('2026-11-25T19:29:59Z', NOW, 'UTC').overdue).toBe(true);
    expect(figuresAsOf('2026-11-24T19:45:00Z', NOW, 'America/Los_Angeles')).toEqual({ label: 'Tue 11/24, 11:45 AM PST', overdue: true });
    // A zone it does not know is read as the coaches' zone.
    expect(figuresAsOf('2026-11-25T19:45:00Z', NOW, 'Not/AZone').label).toBe('11:45 AM PST');
  });
});
