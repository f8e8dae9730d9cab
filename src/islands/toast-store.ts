// The toast queue shared by every island on the page (one module, one signal, in the shared
// chunk). Only ever written in the browser: on the server a module signal would be shared by
// all requests of the isolate.
import { signal } from '@preact/signals-react';
import { TOAST_EVENT } from '../constants';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export const latestToast = signal<(ToastMessage & { key: number }) | null>(null);

let counter = 0;
export function showToast(toast: ToastMessage): void {
  latestToast.value = { ...toast, key: ++counter };
  // A Toaster that had nothing to show has not loaded yet; this wakes it (client/entry.ts).
  document.dispatchEvent(new Event(TOAST_EVENT));
}
