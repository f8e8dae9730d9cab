// Nothing a participant wrote is deleted (decision 39): a retake keeps the earlier wheel's
// reflections with that wheel's snapshot, and the summary and the download show them.
import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, htmlOf, signUp } from './helpers';
import { answers, session1 } from './oracles/session-fixtures';

const save = (cookie: string, json: unknown) => call('/api/progress', { cookie, json });

describe('a retake keeps what was written (decision 39)', () => {
  it('keeps the first wheel’s reflections and the summary shows both sets', async () => {
    const { cookie, id } = await signUp();
    const first = ['First surprise', 'First why', 'First step'];
    const again = ['Later surprise', 'Later why', 'Later step'];
    expect((await save(cookie, session1({ reflections: first }))).status).toBe(200);
    expect((await save(cookie, session1({ questionResponses: answers(() => 8), reflections: again }))).status).toBe(200);

    const kept = await env.DB.prepare('SELECT reflections FROM wheel_snapshots WHERE user_id = ? ORDER BY completed_at')
      .bind(id)
      .all<{ reflections: string }>();
    expect(kept.results.map((row) => JSON.parse(row.reflections))).toEqual([first, again]);

    const summary = await htmlOf(await call('/summary', { cookie }), 200);
    expect(summary).toContain('What you wrote with each wheel');
    for (const text of [...first, ...again]) expect(summary).toContain(text);
    // The first wheel's come before the latest's, each under its own heading.
    expect(summary.indexOf('First surprise')).toBeLessThan(
      summary.indexOf('Later surprise', summary.indexOf('What you wrote with each wheel')),
    );

    const download = (await (await call('/api/progress/export', { cookie })).json()) as {
      wheelHistory: { reflections: string[] | null }[];
    };
    expect(download.wheelHistory.map((wheel) => wheel.reflections)).toEqual([first, again]);
  });

  it('says so when an earlier wheel’s reflections could not be kept', async () => {
    const { cookie, id } = await signUp();
    expect((await save(cookie, session1())).status).toBe(200);
    expect((await save(cookie, session1())).status).toBe(200);
    // As migration 0022 leaves a wheel retaken before it: no reflections recovered.
    await env.DB.prepare(
      'UPDATE wheel_snapshots SET reflections = NULL WHERE id = (SELECT id FROM wheel_snapshots WHERE user_id = ? ORDER BY completed_at LIMIT 1)',
    )
      .bind(id)
      .run();
    const summary = await htmlOf(await call('/summary', { cookie }), 200);
    expect(summary).toContain('The reflections of this wheel were not kept');
  });

  it('opens the dashboard’s retake at question 1, with no editing banner', async () => {
    const { cookie } = await signUp();
    expect((await save(cookie, session1())).status).toBe(200);
    const retake = await htmlOf(await call('/sessions/1?retake', { cookie }), 200);
    expect(retake).not.toContain('You are editing');
    expect(retake).toContain('A new wheel from question 1');
    expect(retake).toContain('Question 1 of 70');
    expect(retake).not.toContain('Your reflections');
    // Without JavaScript the retake's long form starts empty too; a plain visit is filled with the saved answers.
    expect(retake).toContain('href="/sessions/1?step=answers&amp;retake"');
    const empty = await htmlOf(await call('/sessions/1?step=answers&retake', { cookie }), 200);
    expect(empty).not.toContain('checked=""');
    expect(await htmlOf(await call('/sessions/1?step=answers', { cookie }), 200)).toContain('checked=""');
    // Review and edit are as before.
    expect(await htmlOf(await call('/sessions/1?edit', { cookie }), 200)).toContain('You are editing');
  });
});

describe('migration 0022', () => {
  it('gives each participant’s newest wheel the reflections of the progress row, and the earlier ones none', async () => {
    const db = env.WHEEL_MIGRATION_DB;
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name < '0022_'),
    );
    const wheel = (id: string, user: string, at: string) =>
      db.prepare("INSERT INTO wheel_snapshots (id, user_id, arena_scores, completed_at) VALUES (?, ?, '{}', ?)").bind(id, user, at);
    await db.batch([
      db.prepare("INSERT INTO users (id, email, password_hash) VALUES ('ana', 'ana@example.com', 'x'), ('bo', 'bo@example.com', 'x')"),
      db.prepare(`INSERT INTO progress (user_id, reflections) VALUES ('ana', '["now 1","now 2","now 3"]'), ('bo', NULL)`),
      wheel('ana-1', 'ana', '2026-01-01T10:00:00.000Z'),
      wheel('ana-2', 'ana', '2026-02-01T10:00:00.000Z'),
      wheel('bo-1', 'bo', '2026-01-05T10:00:00.000Z'),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const rows = await db.prepare('SELECT id, reflections FROM wheel_snapshots ORDER BY id').all();
    expect(rows.results).toEqual([
      { id: 'ana-1', reflections: null },
      { id: 'ana-2', reflections: '["now 1","now 2","now 3"]' },
      { id: 'bo-1', reflections: null },
    ]);
  });
});
