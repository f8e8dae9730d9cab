// Toasts (docs/product.md#toasts): one at a time, 5 s, swipe right 50 px to dismiss, F8 moves
// focus to the region. The first toast comes as a prop (a flash after a redirect or a re-rendered
// form); later ones from other islands through the shared signal.

import { useSignalEffect } from '@preact/signals-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import type { HydrateOn } from '../constants';
import { TOAST_DISMISS_EVENT } from '../domain/toast-words';
import { latestToast, type ToastMessage } from './toast-store';

const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export interface ToasterProps {
  initial: ToastMessage | null;
}

/** Waits for the first toast (a page with one to show at once renders it with `load`). */
export const hydrate: HydrateOn = 'toast';

export function Toaster({ initial }: ToasterProps) {
  const [toast, setToast] = useState<(ToastMessage & { key: number }) | null>(initial ? { ...initial, key: 0 } : null);
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const region = useRef<HTMLElement>(null);

  useSignalEffect(() => {
    const next = latestToast.value;
    if (next) setToast(next);
  });

  useEffect(() => {
    if (!toast || paused) return;
    const timer = setTimeout(() => setToast(null), DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, paused]);

  useEffect(() => {
    // A failure toast goes when the next attempt starts (a form submitted, or a save by fetch),
    // so it never speaks about an attempt that is already over.
    const dismissFailure = () => setToast((current) => (current?.variant === 'destructive' ? null : current));
    document.addEventListener('submit', dismissFailure, true);
    document.addEventListener(TOAST_DISMISS_EVENT, dismissFailure);
    return () => {
      document.removeEventListener('submit', dismissFailure, true);
      document.removeEventListener(TOAST_DISMISS_EVENT, dismissFailure);
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (offset > SWIPE_THRESHOLD_PX) setToast(null);
    start.current = null;
    setOffset(0);
    setPaused(false);
  };

  return (
    <section ref={region} className="toast-region" aria-label="Notifications (F8)" tabIndex={-1}>
      {toast && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a status/alert live region; the pointer and hover handlers only swipe it away and pause its timer, and the Dismiss button is the keyboard's way
        <div
          key={toast.key}
          className={`toast ${toast.variant === 'destructive' ? 'toast-destructive' : ''}`}
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
          style={offset ? { transform: `translateX(${offset}px)`, opacity: 1 - offset / 200 } : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <div className="toast-body">
            <p className="toast-title">{toast.title}</p>
            {toast.description && <p className="toast-description">{toast.description}</p>}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      )}
    </section>
  );
}
