// Server side of the island mechanism. Each island is rendered on its own (renderToString with
// its own identifierPrefix) and marked with its name and JSON props; the page collects the
// names so it ships the client entry, and only those islands' chunks, when it has any.
import { createContext, createElement, useContext, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, type HydrateOn } from '../constants';
import { Hydrated } from '../islands/Hydrated';
import { ISLAND_HYDRATION, SERVER_ISLANDS, type IslandName, type IslandProps } from '../islands/registry';
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

export function Island<N extends IslandName>({ name, props, hydrate }: { name: N; props: IslandProps<N>; hydrate?: HydrateOn }) {
  const collector = useCollector();
  const id = `${name.toLowerCase()}${collector.count++}`;
  const on = hydrate ?? ISLAND_HYDRATION[name];
  collector.names.add(name);
  if (on === 'load') collector.eager.add(name);
  const Component = SERVER_ISLANDS[name] as ComponentType<object>;
  const html = renderToString(createElement(Hydrated, { children: createElement(Component, props as object) }), { identifierPrefix: `${id}-` });
  return createElement('div', {
    [ISLAND_ATTR.name]: name,
    [ISLAND_ATTR.id]: id,
    [ISLAND_ATTR.props]: JSON.stringify(props),
    [ISLAND_ATTR.hydrate]: on,
    className: 'island',
    dangerouslySetInnerHTML: { __html: html },
  });
}

/** Rendered last in <body>: by then every island of the page has been collected. */
export function IslandScripts() {
  const { names, eager } = useCollector();
  if (names.size === 0) return null;
  // What the islands that hydrate at once need (their chunks, React, the hydrate runtime) is
  // fetched in parallel up front; the others' code waits for its moment.
  const eagerChunks = eager.size > 0 ? [ASSETS.hydrate, ...[...eager].flatMap((name) => ASSETS.islands[name] ?? [])] : [];
  const preloads = staticClosure([ASSETS.entry, ...eagerChunks]).filter((file) => file !== ASSETS.entry);
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      <script type="module" src={ASSETS.entry} />
    </>
  );
}

export function useHasIslands(): boolean {
  return useCollector().names.size > 0;
}
