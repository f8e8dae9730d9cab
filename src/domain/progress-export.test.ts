import { describe, expect, it } from 'vitest';
import { storedProgress } from '../../test/oracles/session-fixtures';
import { EXPORT_FORMAT, exportFileName, type ProgressExportInput, progressExport, progressExportJson } from './progress-export';
import { QUESTION_IDS } from './questions';

const HASH = 'scrypt$16384$8$5$c2FsdA==$c2VjcmV0LWhhc2g=';

// A full user row, as the database returns it: more than the export may show.
const userRow = {
  id: 'u1',
  email: 'ana@example.com',
  name: 'Ana',
  passwordHash: HASH,
  role: 'user' as const,
  mustChangePassword: false,
  timeZone: 'Pacific/Honolulu',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: '2026-11-24T10:00:00.000Z',
};

const record = {
  ...storedProgress({
    questionResponses: JSON.stringify(Object.fromEntries(QUESTION_IDS.map((id) => [id, 6]))),
    arenaScores: JSON.stringify({ Faith: 6, Family: 6, Fitness: 6, Finance: 6, Field: 6, Friends: 6, Fun: 6 }),
    keystoneArena: 'Finance',
    reflections: JSON.stringify(['a', 'b', 'c']),
    session1CompletedAt: '2026-11-02T10:00:00.000Z',
    blockers: JSON.stringify([{ name: 'Fear', reflection: 'holding back', arenas: ['Field'] }]),
    session2CompletedAt: '2026-11-09T10:00:00.000Z',
  }),
  updatedAt: '2026-11-09T10:00:00.000Z',
};

function input(overrides: Partial<ProgressExportInput> = {}): ProgressExportInput {
  return {
    account: userRow,
    membership: {
      plan: 'challenge',
      status: 'active',
      source: 'signup',
      updatedAt: '2026-11-01T10:00:00.000Z',
      externalId: 'cus_123',
    } as ProgressExportInput['membership'],
    progress: record,
    wheelHistory: [
      {
        scores: { Faith: 6, Family: 6, Fitness: 6, Finance: 6, Field: 6, Friends: 6, Fun: 6 },
        keystoneArena: 'Finance',
        completedAt: '2026-11-20T10:00:00.000Z',
      },
      {
        scores: { Faith: 4, Family: 5, Fitness: 3.5, Finance: 2, Field: 6, Friends: 7, Fun: 8 },
        keystoneArena: 'Finance',
        completedAt: '2026-11-02T10:00:00.000Z',
        reflections: ['First why', 'First what', 'First how'],
      },
    ],
    checkIns: [
      { date: '2026-11-24', mood: 8, drift: '', win: 'Ran', createdAt: '2026-11-24T20:00:00.000Z', updatedAt: '2026-11-24T20:00:00.000Z' },
      { date: '2026-11-23', mood: 5, drift: 'Phone', win: '' },
    ],
    exportedAt: new Date('2026-11-25T08:00:00.000Z'),
    ...overrides,
  };
}

describe('progressExport', () => {
  it('never contains the password hash or other internal fields', () => {
    const data = progressExport(input());
    const json = progressExportJson(data);
    expect(json).not.toContain(HASH);
    expect(json).not.toMatch(/password/i);
    expect(json).not.toContain('mustChangePassword');
    expect(json).not.toContain('cus_123');
    expect(Object.keys(data.account).sort()).toEqual(['createdAt', 'email', 'id', 'lastLoginAt', 'name', 'role', 'timeZone']);
  });

  it('holds the account, membership and parsed progress', () => {
    const data = progressExport(input());
    expect(data.format).toBe(EXPORT_FORMAT);
    expect(data.product).toBe('Life7');
    expect(data.exportedAt).toBe('2026-11-25T08:00:00.000Z');
    expect(data.account).toMatchObject({ email: 'ana@example.com', name: 'Ana', timeZone: 'Pacific/Honolulu' });
    expect(data.membership).toEqual({ plan: 'challenge', status: 'active', source: 'signup', updatedAt: '2026-11-01T10:00:00.000Z' });
    expect(data.progress.session1?.keystoneArena).toBe('Finance');
    expect(Object.keys(data.progress.session1?.questionResponses ?? {})).toHaveLength(70);
    expect(data.progress.session2?.blockers).toEqual([{ name: 'Fear', reflection: 'holding back', arenas: ['Field'] }]);
    expect(data.progress.session3).toBeUndefined();
    expect(data.progress.updatedAt).toBe('2026-11-09T10:00:00.000Z');
  });

  it('lists every wheel oldest first with its total, and check-ins by date', () => {
    const data = progressExport(input());
    expect(data.wheelHistory.map((w) => [w.completedAt, w.total])).toEqual([
      ['2026-11-02T10:00:00.000Z', 35.5],
      ['2026-11-20T10:00:00.000Z', 42],
    ]);
    // Each wheel keeps the reflections written with it (decision 39); null when none were kept.
    expect(data.wheelHistory.map((w) => w.reflections)).toEqual([['First why', 'First what', 'First how'], null]);
    expect(data.checkIns).toEqual([
      { date: '2026-11-23', mood: 5, drift: 'Phone', win: '', createdAt: null, updatedAt: null },
      { date: '2026-11-24', mood: 8, drift: '', win: 'Ran', createdAt: '2026-11-24T20:00:00.000Z', updatedAt: '2026-11-24T20:00:00.000Z' },
    ]);
  });

  it('works for a new account with nothing saved', () => {
    const data = progressExport(input({ membership: null, progress: null, wheelHistory: [], checkIns: [] }));
    expect(data.membership).toBeNull();
    expect(data.progress).toEqual({ updatedAt: null });
    expect(data.wheelHistory).toEqual([]);
    expect(data.checkIns).toEqual([]);
    // Reminders are opt-in (decision 29): none saved is every reminder off, at the default time.
    expect(data.reminders).toEqual({
      checkIn: { enabled: false, localTime: '20:00' },
      webinars: { enabled: false },
      unsubscribed: ['check-in', 'webinar'],
      updatedAt: null,
    });
    expect(data.pendingEmailChange).toBeNull();
    expect(JSON.parse(progressExportJson(data))).toEqual(data);
  });

  it('holds the reminder and mail choices and a pending email change, field by field (decision 42)', () => {
    const reminders = {
      userId: 'u1',
      checkInEnabled: true,
      checkInMinute: 435,
      checkInDueAt: '2026-11-26T15:15:00.000Z',
      webinarsEnabled: false,
    };
    const pendingEmailChange = {
      userId: 'u1',
      newEmail: 'ana.new@example.com',
      tokenHash: 'a-hash-of-the-link',
      createdAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2026-11-26T10:00:00.000Z',
    };
    const data = progressExport(input({ reminders: { ...reminders, updatedAt: '2026-11-25T09:00:00.000Z' }, pendingEmailChange }));
    expect(data.reminders).toEqual({
      checkIn: { enabled: true, localTime: '07:15' },
      webinars: { enabled: false },
      unsubscribed: ['webinar'],
      updatedAt: '2026-11-25T09:00:00.000Z',
    });
    expect(data.pendingEmailChange).toEqual({
      newEmail: 'ana.new@example.com',
      requestedAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2026-11-26T10:00:00.000Z',
    });
    const text = progressExportJson(data);
    expect(text).not.toContain('a-hash-of-the-link');
    expect(text).not.toContain('checkInDueAt');
  });
});

describe('exportFileName', () => {
  it('is life7-progress-YYYY-MM-DD.json', () => {
    expect(exportFileName('2026-11-25')).toBe('life7-progress-2026-11-25.json');
  });

  it('refuses anything that is not a calendar day', () => {
    for (const day of ['', '2026-11-31', '2026-11-25"; x="', '../etc']) expect(() => exportFileName(day)).toThrow(RangeError);
  });
});
