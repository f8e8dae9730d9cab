// The client entry: about 1 KB gzipped, with no React and no island in it. Each island's marker
// says when it hydrates (data-hydrate) and where its code is (data-chunk); when that moment comes
// the entry loads the hydrate runtime (React) and the island's chunk together, and hydrates it.
// Keys and clicks made before an island is live are made again once it is; text typed into its
// fields stays there (hydrate.ts hands it to React).
import { BUSY_LABEL_ATTR, type HydrateOn, ISLAND_ATTR, PRELOAD_ATTR, SCRIPTED_ATTR, TOAST_EVENT } from '../constants';
import type { IslandModule } from './hydrate';

const isTextEntry = (target: EventTarget | null) =>
  target instanceof Element &&
  target.closest('input:not([type=range]):not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]') !== null;

/**
 * Keeps the key presses `wanted` picks until `live` settles, then dispatches them again on their
 * targets. Keys in a text field need nothing: the field keeps what was typed.
 */
function keepKeys(wanted: (target: EventTarget | null) => boolean, live: Promise<unknown>): void {
  const kept: KeyboardEvent[] = [];
  const keep = (event: KeyboardEvent) => {
    if (!isTextEntry(event.target) && wanted(event.target)) kept.push(event);
  };
  window.addEventListener('keydown', keep, true);
  const replay = () => {
    window.removeEventListener('keydown', keep, true);
    for (const event of kept) {
      const init = { key: event.key, code: event.code, repeat: event.repeat, shiftKey: event.shiftKey, bubbles: true, cancelable: true };
      (event.target ?? window).dispatchEvent(new KeyboardEvent('keydown', init));
    }
  };
  // Either way: a failed hydration must not keep collecting keys.
  live.then(replay, replay);
}

/**
 * Keeps the clicks on the island's plain buttons (type=button, which do nothing in the server
 * HTML: 'Create User', or Enter on one right after Tab woke the island) and clicks them again once
 * the island is live. Only until React listens: it replays the clicks that come while it hydrates.
 * Submit buttons, boxes and links need nothing: they work as plain HTML.
 */
function keepClicks(element: HTMLElement, listening: Promise<unknown>, live: Promise<unknown>): void {
  const kept: HTMLButtonElement[] = [];
  const keep = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button?.type === 'button') kept.push(button);
  };
  element.addEventListener('click', keep, true);
  const stop = () => element.removeEventListener('click', keep, true);
  listening.then(stop, stop);
  live.then(
    () =>
      kept.forEach((button) => {
        // React may have put a new node in place of the server's (the results screen, rendered on
        // the server by its own module): the island's button of the same words stands for it.
        const target = button.isConnected
          ? button
          : [...element.querySelectorAll('button')].find((b) => b.type === 'button' && b.textContent === button.textContent);
        if (target && !target.disabled) target.click();
      }),
    () => undefined,
  );
}

/**
 * Islands whose form was posted as plain HTML before they hydrated: the page is leaving, and
 * React must not meet the busy label the entry wrote (a text it did not render). Their hydration
 * waits here, and runs only if the page comes back (the back/forward cache).
 */
const held = new Map<HTMLElement, () => void>();
const HYDRATING = 'data-hydrating';
const POSTED = 'data-posted';

/** Loads the runtime and the island's chunk, and hydrates it; resolves once the island is live. */
function start(element: HTMLElement): Promise<void> {
  const chunk = element.getAttribute(ISLAND_ATTR.chunk) ?? '';
  const listening = Promise.all([import('./hydrate'), import(chunk) as Promise<IslandModule>]).then(
    ([{ hydrate }, island]) =>
      new Promise<Awaited<ReturnType<typeof hydrate>>>((resolve, reject) => {
        const run = () => {
          element.setAttribute(HYDRATING, '');
          hydrate(element, island).then(resolve, reject);
        };
        if (element.hasAttribute(POSTED)) held.set(element, run);
        else run();
      }),
  );
  const live = listening.then((root) => root.live);
  live.catch((error: unknown) => console.error('Island failed to hydrate', chunk, error));
  keepKeys((target) => target instanceof Node && element.contains(target), live);
  keepClicks(element, listening, live);
  return live;
}

/**
 * Settles once the page has painted (the frame, then a task after it), then asks for the code of
 * the islands that hydrate on load, all in parallel (the server lists it in data-preload). Until
 * then the connection carries only what the first paint needs; a hidden page paints nothing.
 */
const painted = new Promise<void>((resolve) => {
  if (document.visibilityState === 'hidden') resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
}).then(() => {
  const files = document.querySelector(`script[${PRELOAD_ATTR}]`)?.getAttribute(PRELOAD_ATTR)?.split(' ') ?? [];
  for (const href of files) document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
});

const INTERACTION = ['focusin', 'pointerover', 'pointerdown', 'touchstart'] as const;

/** The first focus or pointer inside the element. */
function firstInteraction(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const once = () => {
      for (const type of INTERACTION) element.removeEventListener(type, once);
      resolve();
    };
    for (const type of INTERACTION) element.addEventListener(type, once, { passive: true });
    // Focus may already be inside (autofocus, or a Tab pressed while the page loaded).
    if (element.contains(document.activeElement)) once();
  });
}

/** When the island's moment comes (constants.ts, HydrateOn). */
function moment(on: HydrateOn, element: HTMLElement): Promise<void> {
  if (on === 'interaction') return firstInteraction(element);
  if (on === 'toast') return new Promise((resolve) => document.addEventListener(TOAST_EVENT, () => resolve(), { once: true }));
  return painted;
}

document.documentElement.setAttribute(SCRIPTED_ATTR, '');
const onLoad: Promise<void>[] = [];
for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR.name}]`)) {
  const on = element.getAttribute(ISLAND_ATTR.hydrate) as HydrateOn;
  const live = moment(on, element).then(() => start(element));
  if (on === 'load') onLoad.push(live);
}
// Keys aimed at the page itself (the questionnaire listens on window for 1-9 and the arrows) are
// kept until every island that hydrates on load is live.
if (onLoad.length > 0) keepKeys((target) => target === document.body || target === document.documentElement, Promise.allSettled(onLoad));

// A form submitted before its island is live posts as plain HTML: its button still says it is
// busy (an island that is live, or hydrating, shows that itself). Not disabled: a disabled
// submitter would drop its own name and value from the post.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
  const island = form.closest<HTMLElement>(`[${ISLAND_ATTR.name}]`);
  if (!island || island.hasAttribute(HYDRATING) || island.hasAttribute(ISLAND_ATTR.hydrated)) return;
  const button = (event.submitter ?? form.querySelector('button[type=submit]')) as HTMLElement | null;
  const busy = button?.getAttribute(BUSY_LABEL_ATTR);
  if (!button || !busy) return;
  island.setAttribute(POSTED, '');
  button.dataset.idleLabel = button.textContent ?? '';
  button.textContent = busy;
  button.setAttribute('aria-disabled', 'true');
});

// Back from the next page (the back/forward cache): the button reads as before, and the island
// whose hydration was held hydrates now.
window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  for (const island of document.querySelectorAll<HTMLElement>(`[${POSTED}]`)) {
    island.removeAttribute(POSTED);
    for (const button of island.querySelectorAll<HTMLElement>('[data-idle-label]')) {
      button.textContent = button.dataset.idleLabel ?? '';
      button.removeAttribute('data-idle-label');
      button.removeAttribute('aria-disabled');
    }
    held.get(island)?.();
    held.delete(island);
  }
});
