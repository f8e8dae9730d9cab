// The client entry: hydrates every island on the page, each as its own React root with its own
// identifierPrefix (the one the server rendered it with, so useId values match).
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTR, SCRIPTED_ATTR } from '../constants';
import { Hydrated } from '../islands/Hydrated';
import type { IslandName } from '../islands/registry';
import { CLIENT_ISLANDS } from './islands';

async function hydrate(element: HTMLElement): Promise<void> {
  const name = element.getAttribute(ISLAND_ATTR.name) as IslandName;
  const load = CLIENT_ISLANDS[name];
  if (!load) return;
  const Component = (await load()) as React.ComponentType<object>;
  const props = JSON.parse(element.getAttribute(ISLAND_ATTR.props) ?? '{}') as object;
  const onHydrated = () => element.setAttribute(ISLAND_ATTR.hydrated, '');
  hydrateRoot(element, createElement(Hydrated, { onHydrated, children: createElement(Component, props) }), {
    identifierPrefix: `${element.getAttribute(ISLAND_ATTR.id)}-`,
  });
}

document.documentElement.setAttribute(SCRIPTED_ATTR, '');
for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR.name}]`)) {
  hydrate(element).catch((error: unknown) => console.error('Island failed to hydrate', error));
}
