// What the browser really fetches for a page: every script and modulepreload in the HTML, the
// chunk of each island the page renders (the client entry imports it dynamically), and,
// transitively, everything those files import statically (the manifest's import graph).
import { describe, expect, it } from 'vitest';
import { ASSETS, staticClosure } from '../src/views/assets';
import { call, signUp } from './helpers';

function fetchedScripts(html: string): Set<string> {
  const listed = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const islands = [...html.matchAll(/data-island="([A-Za-z]+)"/g)].map((m) => ASSETS.islands[m[1]!]!);
  return new Set(staticClosure([...listed, ...islands]));
}

function islandsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/data-island="([A-Za-z]+)"/g)].map((m) => m[1]!))];
}

describe('islands load only what the page renders', () => {
  it('the client entry statically imports no island code', () => {
    const entryFiles = new Set(staticClosure([ASSETS.entry]));
    for (const [name, chunk] of Object.entries(ASSETS.islands)) {
      expect(entryFiles.has(chunk), `entry pulls in ${name}`).toBe(false);
    }
    // Every chunk the entry pulls is one that every island needs as well (React itself).
    for (const file of entryFiles) {
      if (file === ASSETS.entry) continue;
      for (const [name, chunk] of Object.entries(ASSETS.islands)) {
        expect(staticClosure([chunk]), `${file} is not needed by ${name}`).toContain(file);
      }
    }
  });

  it('/login fetches the chunks of its islands and no other', async () => {
    const html = await (await call('/login')).text();
    const rendered = islandsOf(html);
    expect(rendered.sort()).toEqual(['LoginCard', 'Toaster']);
    const expected = new Set(staticClosure([ASSETS.entry, ...rendered.map((name) => ASSETS.islands[name]!)]));
    expect(fetchedScripts(html)).toEqual(expected);
    // The questionnaire's chunk and anything only it uses stay on the server.
    const questionnaireOnly = staticClosure([ASSETS.islands.WheelOfTruth!]).filter((file) => !expected.has(file));
    expect(questionnaireOnly.length).toBeGreaterThan(0);
    for (const file of questionnaireOnly) expect(fetchedScripts(html).has(file)).toBe(false);
  });

  it('preloads everything the browser will fetch, so nothing waits on a waterfall', async () => {
    const { cookie } = await signUp();
    for (const path of ['/login', '/sessions/1', '/settings']) {
      const html = await (await call(path, { cookie: path === '/login' ? undefined : cookie })).text();
      const listed = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
      expect(listed, path).toEqual(fetchedScripts(html));
    }
  });
});
