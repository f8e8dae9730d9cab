// What the browser really fetches for a page before anyone touches it: every script in the HTML,
// the files its entry preloads once the page has painted (data-preload), the code of the islands
// that hydrate at once (the entry imports it dynamically), and, transitively, everything those files import statically (the manifest's
// import graph). Islands that wait for a focus, a pointer or a toast fetch nothing until then.
import { describe, expect, it } from 'vitest';
import { ISLAND_HYDRATION } from '../src/islands/registry';
import { ASSETS, staticClosure } from '../src/views/assets';
import { env } from 'cloudflare:test';
import { call, ORIGIN, signUp } from './helpers';

function eagerIslands(html: string): string[] {
  return [...new Set([...html.matchAll(/data-island="([A-Za-z]+)"[^>]*data-hydrate="load"/g)].map((m) => m[1]!))];
}

/** The scripts the HTML names: script sources and the entry's preload list. */
function listedScripts(html: string): string[] {
  const sources = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/data-preload="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  return [...sources, ...preloads];
}

/** The scripts fetched before any interaction. */
function fetchedScripts(html: string): Set<string> {
  const listed = listedScripts(html);
  const eager = eagerIslands(html);
  const dynamic = eager.length > 0 ? [ASSETS.hydrate, ...eager.map((name) => ASSETS.islands[name]!)] : [];
  return new Set(staticClosure([...listed, ...dynamic]));
}

function islandsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/data-island="([A-Za-z]+)"/g)].map((m) => m[1]!))];
}

describe('islands load only what the page renders, when it needs it', () => {
  it('the client entry pulls in neither React nor any island', () => {
    const entryFiles = staticClosure([ASSETS.entry]);
    for (const file of entryFiles) {
      expect(Object.values(ASSETS.islands)).not.toContain(file);
      expect(file === ASSETS.hydrate).toBe(false);
    }
    // React sits in what only the hydrate runtime imports.
    expect(staticClosure([ASSETS.hydrate]).filter((file) => !entryFiles.includes(file)).length).toBeGreaterThan(1);
    expect(entryFiles.length).toBeLessThanOrEqual(3);
  });

  it('/login fetches only the entry until the visitor touches the form', async () => {
    const html = await (await call('/login')).text();
    expect(islandsOf(html).sort()).toEqual(['LoginCard', 'Toaster']);
    expect(html).toContain('data-hydrate="interaction"');
    expect(html).toContain('data-hydrate="toast"');
    expect(fetchedScripts(html)).toEqual(new Set(staticClosure([ASSETS.entry])));
    for (const chunk of [ASSETS.hydrate, ASSETS.islands.LoginCard!, ASSETS.islands.WheelOfTruth!]) expect(html).not.toContain(chunk);
  });

  it('the questionnaire loads once the page has painted, every file named up front so nothing waits on a waterfall', async () => {
    const { cookie } = await signUp();
    const html = await (await call('/sessions/1', { cookie })).text();
    expect(eagerIslands(html)).toEqual(['WheelOfTruth']);
    // Not as <link>s the browser would fetch alongside the page's first paint.
    expect(html).not.toContain('modulepreload');
    const listed = new Set(listedScripts(html));
    expect(listed).toEqual(fetchedScripts(html));
    expect(listed.has(ASSETS.islands.WheelOfTruth!)).toBe(true);
  });

  it("the questionnaire's later screens are chunks of their own, and no chunk carries d3", async () => {
    const text = async (file: string) => {
      const response = await env.ASSETS.fetch(`${ORIGIN}${file}`);
      expect(response.status, file).toBe(200);
      return response.text();
    };
    const files = Object.keys(ASSETS.imports);
    const bodies = new Map(await Promise.all(files.map(async (file) => [file, await text(file)] as const)));
    // Results (with its dialogs) and Reflections: present in the build, absent from what the first question fetches.
    const laterScreens = ['Retake Assessment', 'Complete Session 1'];
    const upFront = staticClosure([ASSETS.hydrate, ASSETS.islands.WheelOfTruth!]);
    for (const phrase of laterScreens) {
      expect(files.filter((file) => bodies.get(file)!.includes(phrase)).length, phrase).toBeGreaterThan(0);
      for (const file of upFront) expect(bodies.get(file), `${phrase} in ${file}`).not.toContain(phrase);
    }
    expect(upFront.some((file) => bodies.get(file)!.includes('Question '))).toBe(true);
    // d3-path's own message: the wheel draws with domain/arc-path.ts instead.
    for (const [file, body] of bodies) expect(body, file).not.toContain('negative radius');
  });

  it('the browser gets zod/mini, never classic zod', async () => {
    // zod names each class with a string: classic's "ZodError" and "ZodString", mini's "ZodMiniString".
    const bodies = await Promise.all(Object.keys(ASSETS.imports).map(async (file) => [file, await (await env.ASSETS.fetch(`${ORIGIN}${file}`)).text()] as const));
    expect(bodies.some(([, body]) => body.includes('"ZodMiniString"'))).toBe(true);
    for (const [file, body] of bodies) for (const classic of ['"ZodError"', '"ZodString"']) expect(body, file).not.toContain(classic);
  });

  it('a page with a toast to show loads the Toaster at once', async () => {
    const html = await (await call('/reset-password')).text();
    expect(html).toMatch(/data-island="Toaster"[^>]*data-hydrate="load"/);
  });

  it('every island declares when it hydrates', () => {
    for (const name of Object.keys(ASSETS.islands)) expect(ISLAND_HYDRATION).toHaveProperty(name);
  });
});
