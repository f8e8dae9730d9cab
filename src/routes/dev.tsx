// /dev/mail: the development outbox, newest first. Mounted only outside production.
import { Hono } from 'hono';
import type { ReactNode } from 'react';
import type { AppEnv } from '../app-env';
import { listOutbox } from '../data/outbox';
import { DEFAULT_TIME_ZONE } from '../domain/time-zone';
import { loadAuth } from '../server/auth-session';
import { renderPage } from '../views/render-page';

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's plain text with its addresses as links, so a verification or reset link is one click. */
function withLinks(text: string): ReactNode[] {
  return text.split(LINK).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/** When it was sent, in the signed-in user's time zone (else the default one), named. */
function sentAt(iso: string, timeZone: string): string {
  const parts = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' } as const;
  return new Intl.DateTimeFormat('en-US', { ...parts, timeZone, timeZoneName: 'short' }).format(new Date(iso));
}

export const devRoutes = new Hono<AppEnv>().get('/mail', async (c) => {
  const messages = await listOutbox(c.get('db'));
  const timeZone = (await loadAuth(c))?.user.timeZone ?? DEFAULT_TIME_ZONE;
  return renderPage(
    c,
    <main id="main" className="container">
      <h1 className="page-title">Development outbox</h1>
      <p className="page-subtitle">Emails the app sent while running locally, newest first. This page does not exist in production.</p>
      {messages.length === 0 && <p>No emails yet.</p>}
      {messages.map((message) => (
        <article key={message.id} className="card mail">
          <h2 className="card-title">{message.subject}</h2>
          <p className="muted">
            To {message.to} · <time dateTime={message.createdAt}>{sentAt(message.createdAt, timeZone)}</time>
          </p>
          <pre className="mail-text">{withLinks(message.text)}</pre>
        </article>
      ))}
    </main>,
    { title: 'Outbox' },
  );
});
