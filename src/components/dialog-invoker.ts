// Dialogs without JavaScript: a button opens a modal <dialog> through invoker commands
// (commandfor/command; Chromium 135, Firefox 144, Safari 26.2). The browser then moves focus into
// the dialog, keeps Tab inside it, closes it on Escape (and, with closedby="any", on a click
// outside) and returns focus to the button.

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close';
  }
  interface DialogHTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none';
  }
}

/** Props for the <dialog> itself. */
export const MODAL_DIALOG = { closedby: 'any' } as const;

/** Props for a button that opens the dialog `id`. */
export function opensDialog(id: string) {
  return { commandfor: id, command: 'show-modal' } as const;
}

/** Props for a button inside the dialog `id` that closes it. */
export function closesDialog(id: string) {
  return { commandfor: id, command: 'close' } as const;
}
