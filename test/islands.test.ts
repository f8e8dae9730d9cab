// What the browser fetches for a page: every script in the HTML, the files its entry preloads once
// the page has painted (data-preload), the code of the islands that hydrate on load (the entry
// imports the hydrate runtime and each island's data-chunk), and, transitively, everything those
// files import statically (the manifest's import graph). An island that waits for a focus, a
// pointer or a toast fetches nothing until then.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ASSETS, staticClosure } from '../src/views/assets';
import { call, ORIGIN, signUp } from './helpers';

interface Marker {
  name: string;
  chunk: string;
  hydrate: string;
}

/** The islands a page renders, as their markers say. */
function islandsOf(html: string): Marker[] {
  const attribute = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? '';
  return [...html.matchAll(/<div [^>]*data-island="[^"]*"[^>]*>/g)].map(([tag]) => ({
    name: attribute(tag, 'data-island'),
    chunk: attribute(tag, 'data-chunk'),
    hydrate: attribute(tag, 'data-hydrate'),
  }));
}

/** The scripts the HTML names: script sources and the entry's preload list. */
function listedScripts(html: string): string[] {
  const sources = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/data-preload="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  return [...sources, ...preloads];
}

/** The scripts fetched once the islands `woken` picks have hydrated (by default, those that hydrate on load). */
function fetchedScripts(html: string, woken = (island: Marker) => island.hydrate === 'load'): Set<string> {
  const chunks = islandsOf(html)
    .filter(woken)
    .map((island) => island.chunk);
  return new Set(staticClosure([...listedScripts(html), ...(chunks.length > 0 ? [ASSETS.hydrate, ...chunks] : [])]));
}

async function body(file: string): Promise<string> {
  const response = await env.ASSETS.fetch(`${ORIGIN}${file}`);
  expect(response.status, file).toBe(200);
  return response.text();
}

async function gzippedSize(files: Iterable<string>): Promise<number> {
  let size = 0;
  for (const file of files) {
    const gzipped = new Blob([await body(file)]).stream().pipeThrough(new CompressionStream('gzip'));
    size += (await new Response(gzipped).arrayBuffer()).byteLength;
  }
  return size;
}

describe('islands load only what the page renders, when it needs it', () => {
  it('/login fetches under 5 KB of JavaScript, with neither React nor any island, until the visitor touches the form', async () => {
    const html = await (await call('/login')).text();
    expect(
      islandsOf(html)
        .map((island) => island.name)
        .sort(),
    ).toEqual(['LoginCard', 'Toaster']);
    const fetched = fetchedScripts(html);
    expect(fetched).toEqual(new Set(staticClosure([ASSETS.entry])));
    expect(fetched.has(ASSETS.hydrate)).toBe(false);
    expect(await gzippedSize(fetched)).toBeLessThanOrEqual(5 * 1024);
  });

  it("a page fetches its own islands' chunks only, even once every island on it is awake", async () => {
    const { cookie } = await signUp();
    for (const path of ['/login', '/sessions/1', '/check-ins', '/settings']) {
      const html = await (await call(path, { cookie: path === '/login' ? undefined : cookie })).text();
      const rendered = islandsOf(html);
      for (const island of rendered) expect(island.chunk, `${path} ${island.name}`).toBe(ASSETS.islands[island.name]);
      const everything = fetchedScripts(html, () => true);
      const others = Object.entries(ASSETS.islands).filter(([name]) => !rendered.some((island) => island.name === name));
      expect(others.length, path).toBeGreaterThan(0);
      for (const [name, chunk] of others) expect(everything.has(chunk), `${path} fetches ${name}`).toBe(false);
    }
  });

  it('the questionnaire loads once the page has painted, every file named up front so nothing waits on a waterfall', async () => {
    const { cookie } = await signUp();
    const html = await (await call('/sessions/1', { cookie })).text();
    expect(
      islandsOf(html)
        .filter((island) => island.hydrate === 'load')
        .map((island) => island.name),
    ).toEqual(['WheelOfTruth']);
    // Not as <link>s the browser would fetch alongside the page's first paint.
    expect(html).not.toContain('modulepreload');
    expect(new Set(listedScripts(html))).toEqual(fetchedScripts(html));
  });

  it('a page with a toast to show hydrates the Toaster on load', async () => {
    const html = await (await call('/reset-password')).text();
    expect(islandsOf(html).find((island) => island.name === 'Toaster')?.hydrate).toBe('load');
  });

  it("the questionnaire's later screens are chunks of their own, and no chunk carries d3", async () => {
    const files = Object.keys(ASSETS.imports);
    const bodies = new Map(await Promise.all(files.map(async (file) => [file, await body(file)] as const)));
    // Results (with its dialogs) and Reflections: present in the build, absent from what the first question fetches.
    const upFront = staticClosure([ASSETS.hydrate, ASSETS.islands.WheelOfTruth!]);
    expect(upFront.some((file) => bodies.get(file)!.includes('Question '))).toBe(true);
    for (const phrase of ['Retake Assessment', 'Complete Session 1']) {
      expect(
        files.some((file) => bodies.get(file)!.includes(phrase)),
        phrase,
      ).toBe(true);
      for (const file of upFront) expect(bodies.get(file), `${phrase} in ${file}`).not.toContain(phrase);
    }
    // d3-path's own message: the wheel draws with domain/arc-path.ts instead.
    for (const [file, text] of bodies) expect(text, file).not.toContain('negative radius');
  });

  it('the browser gets zod/mini, never classic zod', async () => {
    // zod names each class with a string: classic's "ZodError" and "ZodString", mini's "ZodMiniString".
    const bodies = await Promise.all(Object.keys(ASSETS.imports).map(async (file) => [file, await body(file)] as const));
    expect(bodies.some(([, text]) => text.includes('"ZodMiniString"'))).toBe(true);
    for (const [file, text] of bodies) for (const classic of ['"ZodError"', '"ZodString"']) expect(text, file).not.toContain(classic);
  });
});
