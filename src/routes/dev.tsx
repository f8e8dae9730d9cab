// /dev/mail: the development outbox, newest first. Mounted only outside production.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listOutbox } from '../data/outbox';
import { renderPage } from '../views/render';

export const devRoutes = new Hono<AppEnv>().get('/mail', async (c) => {
  const messages = await listOutbox(c.get('db'));
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
            To {message.to} · {message.createdAt}
          </p>
          <pre className="mail-text">{message.text}</pre>
        </article>
      ))}
    </main>,
    { title: 'Outbox' },
  );
});
