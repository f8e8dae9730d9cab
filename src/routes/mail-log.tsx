// /admin/mail: the mail the queue's consumer could not deliver (docs/product.md#reminders-and-mail).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listUndelivered } from '../data/mail-deliveries';
import { PATHS } from '../paths';
import { currentAuth, requireAdminPage } from '../server/guards';
import { MailLogPage } from '../views/MailLogPage';
import { renderPage } from '../views/render-page';

export const mailLogRoutes = new Hono<AppEnv>().get(PATHS.adminMail, requireAdminPage(), async (c) =>
  renderPage(c, <MailLogPage rows={await listUndelivered(c.get('db'))} adminZone={currentAuth(c).user.timeZone} />, {
    title: 'Mail not delivered',
  }),
);
