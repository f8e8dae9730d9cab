// Server side of the islands. Each island is rendered on its own (renderToString with its own
// identifierPrefix, so its useId values match its own React root in the browser) inside a marker
// carrying its name, JSON props, moment and chunk; the page collects the names so it ships the
// client entry, and only those islands' chunks, when it has any.
import { type ComponentProps, type ComponentType, createContext, createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { type HydrateOn, ISLAND_ATTR, PRELOAD_ATTR } from '../constants';
import { ISLANDS } from '../generated/islands';
import { Hydrated } from '../islands/Hydrated';
import { ASSETS, staticClosure } from './assets';

/** Every file in src/islands that declares `hydrate` (scripts/build-client.mjs). */
export type IslandName = keyof typeof ISLANDS;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof ISLANDS)[N]['Component']>;

export interface IslandCollector {
  names: Set<IslandName>;
  /** The islands that hydrate on load: their code is preloaded. */
  eager: Set<IslandName>;
  count: number;
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

export function newCollector(): IslandCollector {
  return { names: new Set(), eager: new Set(), count: 0 };
}

function useCollector(): IslandCollector {
  const collector = useContext(IslandCollectorContext);
  if (!collector) throw new Error('Islands render only inside a page (IslandCollectorContext)');
  return collector;
}

/**
 * Island HTML kept per isolate, keyed by the island's id and JSON props. An island renders from
 * its props alone (hydration in the browser renders the same props and must match), so the same
 * key always makes the same HTML, whoever asks. It pays on the bench (docs/perf.md): the Toaster
 * with nothing to show is on every page and the login card on every signed-out visit, and each
 * renderToString of a conform form builds a Proxy per field property it reads. Props longer than
 * RENDERED_PROPS_MAX are not kept (a long `next` address), and the map is emptied past
 * RENDERED_MAX entries.
 */
const RENDERED_MAX = 200;
const RENDERED_PROPS_MAX = 1000;
const rendered = new Map<string, string>();

function islandHtml(Component: ComponentType<object>, props: object, id: string, json: string): string {
  const key = json.length <= RENDERED_PROPS_MAX ? `${id} ${json}` : null;
  const known = key === null ? undefined : rendered.get(key);
  if (known !== undefined) return known;
  // biome-ignore lint/correctness/noChildrenProp: Hydrated's props type requires children, so createElement takes it in the props object; the same element the browser hydrates (src/client/hydrate.ts)
  const html = renderToString(createElement(Hydrated, { children: createElement(Component, props) }), { identifierPrefix: `${id}-` });
  if (key !== null) {
    if (rendered.size >= RENDERED_MAX) rendered.clear();
    rendered.set(key, html);
  }
  return html;
}

/** `hydrate` overrides the island's own moment for this page (the Toaster with a toast to show hydrates on load). */
export function Island<N extends IslandName>({ name, props, hydrate }: { name: N; props: IslandProps<N>; hydrate?: HydrateOn }) {
  const collector = useCollector();
  const id = `${name.toLowerCase()}${collector.count++}`;
  const on: HydrateOn = hydrate ?? ISLANDS[name].hydrate;
  collector.names.add(name);
  if (on === 'load') collector.eager.add(name);
  const json = JSON.stringify(props);
  const html = islandHtml(ISLANDS[name].Component as ComponentType<object>, props, id, json);
  return createElement('div', {
    [ISLAND_ATTR.name]: name,
    [ISLAND_ATTR.id]: id,
    [ISLAND_ATTR.props]: json,
    [ISLAND_ATTR.hydrate]: on,
    [ISLAND_ATTR.chunk]: ASSETS.islands[name],
    className: 'island',
    dangerouslySetInnerHTML: { __html: html },
  });
}

/** Rendered last in <body>: by then every island of the page has been collected. */
export function IslandScripts() {
  const { names, eager } = useCollector();
  if (names.size === 0) return null;
  // What the islands that hydrate on load need (their chunks, React, the hydrate runtime) is
  // fetched in parallel, but only once the page has painted (client/entry.ts): as <link>s in the
  // HTML they would share a slow connection with the page's first paint. The others' code waits
  // for its moment.
  const eagerChunks = eager.size > 0 ? [ASSETS.hydrate, ...[...eager].flatMap((name) => ASSETS.islands[name] ?? [])] : [];
  const preloads = staticClosure([ASSETS.entry, ...eagerChunks]).filter((file) => file !== ASSETS.entry);
  return <script type="module" src={ASSETS.entry} {...{ [PRELOAD_ATTR]: preloads.length > 0 ? preloads.join(' ') : undefined }} />;
}

export function useHasIslands(): boolean {
  return useCollector().names.size > 0;
}
