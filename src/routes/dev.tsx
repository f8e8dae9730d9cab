// /dev/mail: the development outbox, newest first; /dev/mail.json the same as JSON (decision 32),
// /dev/mail/{id}/html one mail's HTML part as a mail client shows it. Mounted only outside production.
import { Hono } from 'hono';
import type { ReactNode } from 'react';
import type { AppEnv } from '../app-env';
import { findOutboxMessage, listOutbox, type OutboxMessage } from '../data/outbox';
import { DEFAULT_TIME_ZONE } from '../domain/time-zone';
import { loadAuth } from '../server/auth-session';
import { renderPage } from '../views/render-page';

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's plain text with its addresses as links, so a verification or reset link is one click. */
function withLinks(text: string): ReactNode[] {
  return text.split(LINK).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, rendered once on the server in order; the position is their identity
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

function headersOf(message: OutboxMessage): Record<string, string> {
  try {
    const parsed = JSON.parse(message.headers) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export const devRoutes = new Hono<AppEnv>()
  .get('/mail.json', async (c) => {
    const messages = await listOutbox(c.get('db'));
    return c.json(
      messages.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        headers: headersOf(m),
        text: m.text,
        html: m.html,
        createdAt: m.createdAt,
      })),
    );
  })
  .get('/mail/:id/html', async (c) => {
    const message = await findOutboxMessage(c.get('db'), c.req.param('id').slice(0, 64));
    if (!message?.html) return c.notFound();
    // The mail's own markup, as a mail client would show it: nothing of the app runs in it.
    return c.html(message.html, 200, {
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
    });
  })
  .get('/mail', async (c) => {
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
            {Object.entries(headersOf(message)).map(([name, value]) => (
              <p key={name} className="muted small mail-header">
                {name}: {value}
              </p>
            ))}
            <pre className="mail-text">{withLinks(message.text)}</pre>
            {message.html && (
              <p>
                <a href={`/dev/mail/${message.id}/html`}>View the HTML part</a>
              </p>
            )}
          </article>
        ))}
      </main>,
      { title: 'Outbox' },
    );
  });
