// Server side of the island mechanism. Each island is rendered on its own (renderToString with
// its own identifierPrefix) and marked with its name and JSON props; the page collects the
// names so it ships the client entry, and only those islands' chunks, when it has any.
import { createContext, createElement, useContext, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { BoundedMap } from '../bounded-map';
import { ISLAND_ATTR, PRELOAD_ATTR, type HydrateOn } from '../constants';
import { Hydrated } from '../islands/Hydrated';
import { ISLAND_HYDRATION, SERVER_ISLANDS, SHARED_WHEN, type IslandName, type IslandProps } from '../islands/registry';
import { ASSETS, staticClosure } from './assets';

export interface IslandCollector {
  names: Set<IslandName>;
  /** The islands that hydrate at once: their code is preloaded. */
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
 * Server HTML of islands whose props are the same for everyone (SHARED_WHEN): the Toaster with
 * nothing to show is on every page, the login card on every signed-out visit, an empty check-in
 * form for everyone who has not checked in today. Rendering one costs a renderToString of its own
 * (conform builds a Proxy per field property it reads), so each is rendered once per isolate for
 * each set of props: at most SHARED_HTML_MAX of them, the oldest dropped first, and none whose
 * props run past SHARED_PROPS_MAX characters (a long `next` address on /login).
 */
const SHARED_HTML_MAX = 200;
const SHARED_PROPS_MAX = 1000;
const sharedHtml = new BoundedMap<string, string>(SHARED_HTML_MAX);

function islandHtml<N extends IslandName>(name: N, id: string, props: IslandProps<N>, json: string): string {
  const shared = (SHARED_WHEN[name] as ((p: IslandProps<N>) => boolean) | undefined)?.(props) ?? false;
  const key = shared && json.length <= SHARED_PROPS_MAX ? `${id} ${json}` : null;
  const known = key === null ? undefined : sharedHtml.get(key);
  if (known !== undefined) return known;
  const Component = SERVER_ISLANDS[name] as ComponentType<object>;
  const html = renderToString(createElement(Hydrated, { children: createElement(Component, props as object) }), { identifierPrefix: `${id}-` });
  if (key !== null) sharedHtml.set(key, html);
  return html;
}

export function Island<N extends IslandName>({ name, props, hydrate }: { name: N; props: IslandProps<N>; hydrate?: HydrateOn }) {
  const collector = useCollector();
  const id = `${name.toLowerCase()}${collector.count++}`;
  const on = hydrate ?? ISLAND_HYDRATION[name];
  collector.names.add(name);
  if (on === 'load') collector.eager.add(name);
  const json = JSON.stringify(props);
  return createElement('div', {
    [ISLAND_ATTR.name]: name,
    [ISLAND_ATTR.id]: id,
    [ISLAND_ATTR.props]: json,
    [ISLAND_ATTR.hydrate]: on,
    className: 'island',
    dangerouslySetInnerHTML: { __html: islandHtml(name, id, props, json) },
  });
}

/** Rendered last in <body>: by then every island of the page has been collected. */
export function IslandScripts() {
  const { names, eager } = useCollector();
  if (names.size === 0) return null;
  // What the islands that hydrate at once need (their chunks, React, the hydrate runtime) is
  // fetched in parallel, but only once the page has painted (client/entry.ts): as <link>s in the
  // HTML they would share a slow link with the page's first paint. The others' code waits for
  // its moment.
  const eagerChunks = eager.size > 0 ? [ASSETS.hydrate, ...[...eager].flatMap((name) => ASSETS.islands[name] ?? [])] : [];
  const preloads = staticClosure([ASSETS.entry, ...eagerChunks]).filter((file) => file !== ASSETS.entry);
  return <script type="module" src={ASSETS.entry} {...{ [PRELOAD_ATTR]: preloads.length > 0 ? preloads.join(' ') : undefined }} />;
}

export function useHasIslands(): boolean {
  return useCollector().names.size > 0;
}
