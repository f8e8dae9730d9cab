// The client entry: about 1 KB gzipped, with no React in it. It schedules each island's
// hydration by the island's declared moment (constants.ts, HydrateOn); React and the island's
// code load only then.
import { ISLAND_ATTR, PRELOAD_ATTR, SCRIPTED_ATTR, TOAST_EVENT, type HydrateOn } from '../constants';

const started = new WeakSet<HTMLElement>();

/** Resolves once React has hydrated the island (its effects, key listeners included, are on). */
function live(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (element.hasAttribute(ISLAND_ATTR.hydrated)) return resolve();
    const observer = new MutationObserver(() => {
      if (!element.hasAttribute(ISLAND_ATTR.hydrated)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(element, { attributes: true, attributeFilter: [ISLAND_ATTR.hydrated] });
  });
}

const isTextEntry = (target: EventTarget | null) => target instanceof Element && target.closest('input:not([type=range]):not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]') !== null;

/**
 * Keeps the key presses `wanted` picks until `ready` settles, then plays them again on their
 * targets. Typing needs no replay: a field keeps its text (hydrate.ts hands it to the island).
 */
function keepKeys(wanted: (target: EventTarget | null) => boolean, ready: Promise<unknown>): void {
  const queued: KeyboardEvent[] = [];
  const keep = (event: KeyboardEvent) => {
    if (!isTextEntry(event.target) && wanted(event.target)) queued.push(event);
  };
  window.addEventListener('keydown', keep, true);
  const replay = () => {
    window.removeEventListener('keydown', keep, true);
    for (const event of queued) {
      const init = { key: event.key, code: event.code, repeat: event.repeat, shiftKey: event.shiftKey, bubbles: true, cancelable: true };
      (event.target ?? window).dispatchEvent(new KeyboardEvent('keydown', init));
    }
  };
  // Settled either way: a failed hydration must not keep collecting keys (start() logs it).
  ready.then(replay, replay);
}

/**
 * Keeps the clicks on the island's plain buttons (type=button: they do nothing in the server HTML,
 * e.g. 'Create User', or Enter on it right after Tab woke the island) until React listens, and
 * makes them again once it is live. Later clicks are React's own (it replays those that come
 * while it hydrates). Submit buttons, boxes and links need nothing: they work as plain HTML.
 */
function keepClicks(element: HTMLElement, listening: Promise<unknown>, ready: Promise<unknown>): void {
  const clicked: HTMLButtonElement[] = [];
  const keep = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button?.type === 'button') clicked.push(button);
  };
  element.addEventListener('click', keep, true);
  const stop = () => element.removeEventListener('click', keep, true);
  listening.then(stop, stop);
  ready.then(
    () => clicked.forEach((button) => button.isConnected && !button.disabled && button.click()),
    () => undefined,
  );
}

/** Loads and hydrates the island; keys pressed and buttons clicked inside it meanwhile are kept. */
function start(element: HTMLElement): void {
  if (started.has(element)) return;
  started.add(element);
  // Resolves once hydrateRoot has been called: React's listeners are on from then.
  const listening = import('./hydrate').then(({ hydrate }) => hydrate(element));
  const ready = listening.then(() => live(element));
  ready.catch((error: unknown) => console.error('Island failed to hydrate', error));
  keepKeys((target) => target instanceof Node && element.contains(target), ready);
  keepClicks(element, listening, ready);
}

/**
 * Settles once the page has painted (the frame, then a task after it), having asked for the code
 * of the islands that hydrate at once, all in parallel. Until then the link carries only what the
 * first paint needs; a hidden page paints nothing and need not wait.
 */
const painted = new Promise<void>((resolve) => {
  if (document.visibilityState === 'hidden') resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
}).then(() => {
  const files = document.querySelector(`script[${PRELOAD_ATTR}]`)?.getAttribute(PRELOAD_ATTR)?.split(' ') ?? [];
  for (const href of files) document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
});

const INTERACTION = ['focusin', 'pointerover', 'pointerdown', 'touchstart'] as const;

function schedule(element: HTMLElement): void {
  const on = (element.getAttribute(ISLAND_ATTR.hydrate) ?? 'load') as HydrateOn;
  const go = () => start(element);
  switch (on) {
    case 'interaction': {
      const once = () => {
        for (const type of INTERACTION) element.removeEventListener(type, once);
        go();
      };
      for (const type of INTERACTION) element.addEventListener(type, once, { passive: true });
      // Focus may already be inside (autofocus, or a key pressed while the page loaded).
      if (element.contains(document.activeElement)) once();
      return;
    }
    case 'visible': {
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        go();
      });
      observer.observe(element);
      return;
    }
    case 'idle':
      if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 2000 });
      else setTimeout(go, 200);
      return;
    case 'toast':
      document.addEventListener(TOAST_EVENT, go, { once: true });
      return;
    default:
      void painted.then(go);
  }
}

document.documentElement.setAttribute(SCRIPTED_ATTR, '');
const islands = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR.name}]`)];
// Keys aimed at the page itself (the questionnaire's 1-9 and arrows) are kept, once, until every
// island that loads at once is live.
const eager = islands.filter((element) => (element.getAttribute(ISLAND_ATTR.hydrate) ?? 'load') === 'load');
if (eager.length > 0) {
  keepKeys((target) => target === document.body || target === document.documentElement, Promise.allSettled(eager.map(live)));
}
islands.forEach(schedule);
