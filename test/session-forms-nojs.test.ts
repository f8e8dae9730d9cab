// Sessions 2-4 without JavaScript: a mistake says what to fix (not that saving failed), and the
// re-rendered page counts what was posted: the arena badge, and 'N of 3 chosen' with the reason.
import { describe, expect, it } from 'vitest';
import { call, followFailedPost, signUp } from './helpers';
import { session1, session2 } from './oracles/session-fixtures';

/** The page's text without React's text separators, so counts read as they show. */
const text = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '');

async function progressOf(cookie: string): Promise<Record<string, string | null> | null> {
  return ((await (await call('/api/progress', { cookie })).json()) as { progress: Record<string, string | null> | null }).progress;
}

function accelerators(names: string[], skip = -1): Record<string, string> {
  const all = ['Gratitude', 'Discipline', 'Faith', 'Purpose', 'Service', 'Focus', 'Connection'];
  const form: Record<string, string> = {};
  for (const name of names) {
    const i = all.indexOf(name);
    Object.assign(form, {
      [`accelerators[${i}].name`]: name,
      [`accelerators[${i}].dailyAction`]: i === skip ? '' : 'do',
      [`accelerators[${i}].measurement`]: 'count',
    });
  }
  return form;
}

describe('session forms without JavaScript', () => {
  it('refuses a fourth accelerator and says why beside the count, keeping all four ticked', async () => {
    const { cookie } = await signUp();
    await call('/api/progress', { cookie, json: session1() });
    await call('/api/progress', { cookie, json: session2() });
    // One of them incomplete too: the count is still named.
    const posted = await call('/sessions/3', { cookie, form: accelerators(['Gratitude', 'Faith', 'Service', 'Focus'], 2) });
    const page = await followFailedPost(posted, cookie);
    expect(page.status).toBe(400);
    const html = await text(page);
    expect(html).toContain('4 of 3 chosen');
    const legend = html.indexOf('4 of 3 chosen');
    const message = html.indexOf('Choose exactly 3 accelerators</div>');
    expect(message).toBeGreaterThan(legend);
    expect(html.slice(legend, message)).not.toContain('option-card');
    expect(html.match(/type="checkbox" name="accelerators\[\d\]\.name" checked=""/g)).toHaveLength(4);
    expect(html).toContain('Please fix the highlighted fields');
    expect(html).not.toContain('Failed to save session');
    expect((await progressOf(cookie))?.accelerators).toBeNull();

    const saved = await call('/sessions/3', { cookie, form: accelerators(['Gratitude', 'Faith', 'Focus']) });
    expect(saved.headers.get('location')).toBe('/sessions');
    expect(JSON.parse((await progressOf(cookie))!.accelerators!).map((a: { name: string }) => a.name)).toEqual([
      'Gratitude',
      'Faith',
      'Focus',
    ]);
  });

  it('counts the posted arenas in the badge after a mistake', async () => {
    const { cookie } = await signUp();
    await call('/api/progress', { cookie, json: session1() });
    const one = await followFailedPost(
      await call('/sessions/2', { cookie, form: { 'blockers[2].name': 'Anger', 'blockers[2].arenas': 'Family' } }),
      cookie,
    );
    const html = await text(one);
    expect(html).toContain('Write a reflection for this blocker');
    expect(html).toContain('1 affected');
    expect(html).toContain('Please fix the highlighted fields');
    const two = new URLSearchParams([
      ['blockers[2].name', 'Anger'],
      ['blockers[2].arenas', 'Family'],
      ['blockers[2].arenas', 'Fun'],
    ]);
    const again = await followFailedPost(
      await call('/sessions/2', { cookie, raw: two.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      cookie,
    );
    expect(await text(again)).toContain('2 affected');
  });
});
