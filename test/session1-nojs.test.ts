// Session 1 without JavaScript (docs/product.md#session-1-without-javascript): one long form of
// 70 rating groups, the results with the Keystone choice, the reflections; each a form post.
import { describe, expect, it } from 'vitest';
import { QUESTION_IDS } from '../src/domain/questions';
import { WHEEL_DRAFT_COOKIE } from '../src/paths';
import { call, followFailedPost, signUp } from './helpers';
import { answers } from './oracles/session-fixtures';

const DRAFT = WHEEL_DRAFT_COOKIE;

function answerForm(skip: string[] = []): Record<string, string> {
  const all = answers();
  return Object.fromEntries(QUESTION_IDS.filter((id) => !skip.includes(id)).map((id) => [id, String(all[id])]));
}

/** The draft cookie a response set (`name=value`), or null. */
function draftCookie(response: Response): string | null {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${DRAFT}=`));
  return header ? header.split(';')[0]! : null;
}

async function storedProgress(cookie: string): Promise<Record<string, string | null> | null> {
  return ((await (await call('/api/progress', { cookie })).json()) as { progress: Record<string, string | null> | null }).progress;
}

describe('Session 1 without JavaScript', () => {
  // The island is hidden without JavaScript by a rule in no-javascript.css (@media (scripting: none));
  // e2e/no-javascript.spec.ts checks what a browser shows.
  it('leads from <noscript> to the questionnaire as one form, grouped by arena', async () => {
    const { cookie } = await signUp();
    const html = await (await call('/sessions/1', { cookie })).text();
    const noscript = html.slice(html.indexOf('<noscript>'), html.lastIndexOf('</noscript>'));
    expect(noscript).toContain('href="/sessions/1?step=answers"');
    expect(html).toContain('data-island="WheelOfTruth"');
    // The long form is not inlined: every render of /sessions/1 would pay for it.
    expect(noscript).not.toContain('type="radio"');
    const form = await (await call('/sessions/1?step=answers', { cookie })).text();
    expect(form).toContain('action="/sessions/1?step=answers"');
    expect(form.match(/<fieldset/g)).toHaveLength(7 + 70);
    expect(form.match(/type="radio"/g)).toHaveLength(700);
    expect(form).toContain('name="fun_10"');
  });

  it('names the unanswered questions beside their groups and keeps the ticked ones', async () => {
    const { cookie } = await signUp();
    const posted = await call('/sessions/1?step=answers', { cookie, form: answerForm(['faith_3', 'fun_10']) });
    expect(draftCookie(posted)).toBeNull();
    const page = await followFailedPost(posted, cookie);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('2 questions are still open');
    expect(html).toContain('href="#question-faith_3"');
    expect(html).toContain('href="#question-fun_10"');
    expect(html.match(/Choose a rating from 1 to 10/g)).toHaveLength(2);
    expect(html).toContain('Please fix the highlighted fields');
    expect(html).not.toContain('Failed to save session');
    expect(html).toContain('name="faith_1" checked="" value="1"');
    expect(await storedProgress(cookie)).toBeNull();
  });

  it('keeps the answers as a draft, then shows the wheel, the Keystone choice and the reflections, and saves', async () => {
    const { cookie } = await signUp();
    const posted = await call('/sessions/1?step=answers', { cookie, form: answerForm() });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/sessions/1?step=results');
    const draft = draftCookie(posted);
    expect(draft).not.toBeNull();
    // A draft is not a completed Session 1.
    expect(await storedProgress(cookie)).toBeNull();
    const withDraft = `${cookie}; ${draft}`;

    const results = await (await call('/sessions/1?step=results', { cookie: withDraft })).text();
    expect(results).toContain('<svg class="wheel"');
    expect(results).toContain('Keystone Arena');
    // Faith scores lowest with the fixture answers, so it is the default Keystone.
    expect(results).toContain('name="keystone" checked="" value="Faith"');
    expect(results.indexOf('value="Faith"')).toBeLessThan(results.indexOf('value="Fun"'));

    const reflections = await (await call('/sessions/1?step=reflections&keystone=Fun', { cookie: withDraft })).text();
    expect(reflections).toContain('Your Keystone Arena is Fun. This will be your primary focus area for the next 90 days.');
    expect(reflections).toContain('action="/sessions/1?step=reflections&amp;keystone=Fun"');

    const blank = await call('/sessions/1?step=reflections&keystone=Fun', {
      cookie: withDraft,
      form: { keystoneArena: 'Fun', 'reflections[0]': 'One', 'reflections[1]': '  ', 'reflections[2]': 'Three' },
    });
    const again = await (await followFailedPost(blank, withDraft)).text();
    expect(again).toContain('Please answer this reflection');
    expect(again).toContain('>One</textarea>');
    expect(await storedProgress(cookie)).toBeNull();

    const done = await call('/sessions/1?step=reflections&keystone=Fun', {
      cookie: withDraft,
      form: { keystoneArena: 'Fun', 'reflections[0]': 'One', 'reflections[1]': 'Two', 'reflections[2]': 'Three' },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/sessions');
    expect(done.headers.getSetCookie().find((c) => c.startsWith(`${DRAFT}=`))).toMatch(/Max-Age=0/);
    const progress = await storedProgress(cookie);
    expect(progress).toMatchObject({ keystoneArena: 'Fun' });
    expect(JSON.parse(progress!.questionResponses!)).toEqual(answers());
    expect(JSON.parse(progress!.arenaScores!)).toMatchObject({ Faith: 1, Fun: 7 });
    expect(progress!.reflections).toEqual(['One', 'Two', 'Three']);
  });

  it('opens a draft only for the user who wrote it, and never a damaged one', async () => {
    const first = await signUp();
    const draft = draftCookie(await call('/sessions/1?step=answers', { cookie: first.cookie, form: answerForm() }))!;
    const second = await signUp();
    for (const cookie of [`${second.cookie}; ${draft}`, `${first.cookie}; ${draft.slice(0, -4)}AAAA`, first.cookie]) {
      const response = await call('/sessions/1?step=results', { cookie });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/sessions/1?step=answers');
    }
    const saved = await call('/sessions/1?step=reflections&keystone=Fun', {
      cookie: `${second.cookie}; ${draft}`,
      form: { keystoneArena: 'Fun', 'reflections[0]': 'a', 'reflections[1]': 'b', 'reflections[2]': 'c' },
    });
    expect(saved.headers.get('location')).toBe('/sessions/1?step=answers');
    expect(await storedProgress(second.cookie)).toBeNull();
  });

  it('refuses hostile or broken posts with a 4xx, storing nothing', async () => {
    const { cookie } = await signUp();
    const cases: Array<{ path: string; form?: Record<string, string>; json?: unknown }> = [
      { path: '/sessions/1?step=answers', form: { ...answerForm(['fun_1']), fun_1: 'ten' } },
      { path: '/sessions/1?step=answers', form: { ...answerForm(['fun_1']), fun_1: '11' } },
      { path: '/sessions/1?step=answers', form: { ['__proto__']: '1', [`faith_1${'.a'.repeat(5000)}`]: '1', 'x[100000000]': '1' } },
      { path: '/sessions/1?step=answers', json: 'all of them' },
      {
        path: '/sessions/1?step=reflections&keystone=Fun',
        form: { keystoneArena: 'Nope', 'reflections[0]': 'a', 'reflections[1]': 'b', 'reflections[2]': 'c' },
      },
      {
        path: '/sessions/1?step=reflections&keystone=Fun',
        form: {
          keystoneArena: 'Fun',
          'reflections[0]': 'x'.repeat(2001),
          'reflections[1]': 'b',
          'reflections[2]': 'c',
          'reflections[7]': 'd',
        },
      },
    ];
    for (const { path, form, json } of cases) {
      const response = await call(path, { cookie, form, json });
      expect(response.status, path).toBeLessThan(500);
      expect(draftCookie(response), path).toBeNull();
      if (json === undefined) {
        const page = await followFailedPost(response, cookie);
        expect(page.status, path).toBe(400);
        expect(await page.text()).toContain('Please fix the highlighted fields');
      } else {
        expect(response.status).toBe(400);
        expect(((await response.json()) as { message: string }).message).toBe('Answer all 70 questions with a whole number from 1 to 10');
      }
    }
    expect(await storedProgress(cookie)).toBeNull();
  });

  it('refuses unknown steps', async () => {
    const { cookie } = await signUp();
    expect((await call('/sessions/1?step=nope', { cookie })).status).toBe(404);
    expect((await call('/sessions/1?step=results', { cookie, form: { keystone: 'Fun' } })).status).toBe(404);
  });
});
