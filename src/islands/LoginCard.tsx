// The /login card: Login and Sign Up tabs. Tabs are links (?tab=signup), so they work without
// JavaScript; with it, they switch in place and follow the ARIA tabs keyboard pattern.

import type { SubmissionResult } from '@conform-to/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { HydrateOn } from '../constants';
import { PRODUCT_NAME, TAGLINE } from '../domain/product';
import { PATHS } from '../paths';
import { AuthForm } from './AuthForm';

export type LoginTab = 'login' | 'signup';

export interface LoginCardProps {
  tab: LoginTab;
  returnTo: string | null;
  loginResult?: SubmissionResult | null;
  signupResult?: SubmissionResult | null;
}

const TABS: { id: LoginTab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
];

/** A tab's address: also where its form posts (each form posts to its own page). */
function tabHref(tab: LoginTab, returnTo: string | null): string {
  const params = new URLSearchParams();
  if (tab === 'signup') params.set('tab', 'signup');
  if (returnTo) params.set('next', returnTo);
  const query = params.toString();
  return `${PATHS.login}${query ? `?${query}` : ''}`;
}

/** A working form without JavaScript: its code waits for the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

export function LoginCard({ tab: initialTab, returnTo, loginResult, signupResult }: LoginCardProps) {
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const tabRefs = useRef<Record<LoginTab, HTMLAnchorElement | null>>({ login: null, signup: null });
  // The return path rides on the action's query, so it survives a form post without JavaScript.

  const select = (next: LoginTab, focus = false) => {
    setTab(next);
    window.history.replaceState(null, '', tabHref(next, returnTo));
    if (focus) tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      select(tab === 'login' ? 'signup' : 'login', true);
    }
  };

  return (
    <div className="card auth-card">
      <div className="card-header">
        <h1 className="card-title">{PRODUCT_NAME}</h1>
        <p className="card-subtitle">{TAGLINE}</p>
      </div>
      <div className="tabs" role="tablist" aria-label="Login or sign up" onKeyDown={onKeyDown}>
        {TABS.map(({ id, label }) => (
          <a
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            id={`tab-${id}`}
            role="tab"
            href={tabHref(id, returnTo)}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="tab"
            onClick={(event) => {
              event.preventDefault();
              select(id);
            }}
          >
            {label}
          </a>
        ))}
      </div>
      {TABS.map(({ id }) => (
        <div key={id} id={`panel-${id}`} role="tabpanel" aria-labelledby={`tab-${id}`} hidden={tab !== id}>
          <AuthForm schema={id} action={tabHref(id, returnTo)} lastResult={id === 'login' ? loginResult : signupResult} />
          {id === 'login' && (
            <p className="card-footer-link">
              <a href={PATHS.forgotPassword}>Forgot password?</a>
            </p>
          )}
          {id === 'signup' && (
            <p className="card-footer-link">
              <a href={PATHS.privacy}>How we keep your data</a>
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
