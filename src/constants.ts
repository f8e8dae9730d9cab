// Names shared by the server markup and the browser. This file imports nothing, so the client
// entry can read it without pulling any island's code into its bundle.

/** The attributes of an island's marker element (`<div data-island="LoginCard" ...>`). */
export const ISLAND_ATTR = {
  name: 'data-island',
  id: 'data-island-id',
  props: 'data-props',
  /** The URL of the island's own chunk: the client entry knows no island by name. */
  chunk: 'data-chunk',
  hydrate: 'data-hydrate',
  /** Set once React has hydrated the island and its effects have run. */
  hydrated: 'data-hydrated',
} as const;

/**
 * When an island's code loads and hydrates, declared in its file (`export const hydrate`):
 * - `load`: as soon as the page has painted (the questionnaire answers keys from the first moment);
 * - `interaction`: on the first focus or pointer inside it. Its server HTML is a working form,
 *   so nothing typed or clicked before that is lost;
 * - `toast`: when some island first shows a toast (the Toaster with nothing to show yet).
 */
export type HydrateOn = 'load' | 'interaction' | 'toast';

/** Dispatched on document when a toast is queued, so a waiting Toaster hydrates to show it. */
export const TOAST_EVENT = 'life7:toast';

/** On the client entry's script tag: the code of the islands that hydrate at once, fetched after the first paint. */
export const PRELOAD_ATTR = 'data-preload';

/** Set on <html> by the client entry: JavaScript runs on this page. */
export const SCRIPTED_ATTR = 'data-js';

/**
 * On a submit button: its busy label ('Saving...'). A form submitted before its island is live
 * posts as plain HTML; the client entry then shows this label, so the wait reads the same.
 */
export const BUSY_LABEL_ATTR = 'data-busy-label';
