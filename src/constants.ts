// Names shared by the server markup and the browser. This file imports nothing, so the client
// entry can read it without pulling any island's code into its bundle.

/** The attributes of an island's marker element (`<div data-island="LoginCard" ...>`). */
export const ISLAND_ATTR = { name: 'data-island', id: 'data-island-id', props: 'data-props', hydrated: 'data-hydrated' } as const;

/** Set on <html> by the client entry: JavaScript runs on this page. */
export const SCRIPTED_ATTR = 'data-js';
