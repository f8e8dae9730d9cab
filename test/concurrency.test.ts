// Many writers at once (docs/product.md#data-safety): no save lost, nothing mixed between users
// or between two tabs of one user.
import { describe, expect, it } from 'vitest';
import { call, signUp } from './helpers';
import { session1, session2, session3, session4 } from './oracles/session-fixtures';

/** How many users save at once; the hardening note quotes it. */
const WRITERS = 16;

interface Stored {
  progress: Record<string, string | null>;
}

async function progressOf(cookie: string): Promise<Record<string, string | null>> {
  return ((await (await call('/api/progress', { cookie })).json()) as Stored).progress;
}

describe('concurrent writers', () => {
  it(`keeps every save of ${WRITERS} users saving sessions and check-ins at once, each to its owner`, { timeout: 120_000 }, async () => {
    const users = await Promise.all(Array.from({ length: WRITERS }, () => signUp()));
    const tag = (i: number) => `writer ${i} of ${users.length}`;
    const statuses = await Promise.all(
      users.map(async ({ cookie }, i) => {
        const answers: number[] = [];
        for (const body of [
          session1({ reflections: [tag(i), 'b', 'c'] }),
          session2({ blockers: [{ name: 'Fear', reflection: tag(i), arenas: [] }] }),
          session3(),
          session4({ vision90Day: tag(i) }),
        ]) {
          const [save, checkIn] = await Promise.all([
            call('/api/progress', { cookie, json: body }),
            call('/api/check-ins', { cookie, json: { mood: (i % 10) + 1, win: tag(i) } }),
          ]);
          answers.push(save.status, checkIn.status);
        }
        return answers;
      }),
    );
    expect(statuses.flat().every((status) => status === 200 || status === 201)).toBe(true);
    let lost = 0;
    for (const [i, { cookie }] of users.entries()) {
      const progress = await progressOf(cookie);
      const kept = [
        (progress.reflections as unknown as string[] | null)?.[0] === tag(i),
        JSON.parse(progress.blockers ?? '[]')[0]?.reflection === tag(i),
        JSON.parse(progress.accelerators ?? '[]').length === 3,
        progress.vision90Day === tag(i),
      ];
      lost += kept.filter((ok) => !ok).length;
      const checkIns = ((await (await call('/api/check-ins', { cookie })).json()) as { checkIns: { win: string; mood: number }[] })
        .checkIns;
      expect(checkIns).toHaveLength(1);
      expect(checkIns[0]).toMatchObject({ win: tag(i), mood: (i % 10) + 1 });
    }
    expect(lost).toBe(0);
  });

  it('keeps both tabs of one user when they save different things at once', async () => {
    const { cookie } = await signUp();
    await call('/api/progress', { cookie, json: session1() });
    const [blockers, checkIn, zone] = await Promise.all([
      call('/api/progress', { cookie, json: session2({ blockers: [{ name: 'Envy', reflection: 'tab one', arenas: ['Fun'] }] }) }),
      call('/api/check-ins', { cookie, json: { mood: 4, win: 'tab two' } }),
      call('/api/auth/time-zone', { cookie, json: { timeZone: 'Europe/Berlin' } }),
    ]);
    expect([blockers.status, checkIn.status, zone.status]).toEqual([200, expect.any(Number), 200]);
    const progress = await progressOf(cookie);
    expect(JSON.parse(progress.blockers!)).toEqual([{ name: 'Envy', reflection: 'tab one', arenas: ['Fun'] }]);
    expect(progress.keystoneArena).toBe('Fitness');
    const me = (await (await call('/api/auth/me', { cookie })).json()) as { user: { timeZone: string } };
    expect(me.user.timeZone).toBe('Europe/Berlin');
  });

  it('stores one whole version, never a mix, when two tabs save the same session at once', async () => {
    const { cookie } = await signUp();
    for (const body of [session1(), session2(), session3()]) await call('/api/progress', { cookie, json: body });
    const tabs = ['first tab', 'second tab'];
    const responses = await Promise.all(
      tabs.map((tab) =>
        call('/api/progress', {
          cookie,
          json: session4({ vision90Day: tab, target90Day: tab, milestones: [30, 60, 90].map((week) => ({ week, goal: tab })) }),
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const progress = await progressOf(cookie);
    const winner = progress.vision90Day;
    expect(tabs).toContain(winner);
    expect(progress.target90Day).toBe(winner);
    expect(JSON.parse(progress.milestones!).map((m: { goal: string }) => m.goal)).toEqual([winner, winner, winner]);
  });
});
