// /admin pages: admins only (anonymous to /login, other users to /dashboard).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listUsersForAdmin } from '../data/users';
import { listWebhookLogs } from '../data/webhooks';
import { PATHS } from '../paths';
import { requireAdminPage } from '../server/guards';
import { AdminUsersPage, AdminWebhooksPage } from '../views/AdminPages';
import { renderPage } from '../views/render';

export const adminPageRoutes = new Hono<AppEnv>()
  .use('*', requireAdminPage)
  .get('/', (c) => c.redirect(PATHS.adminUsers, 302))
  .get('/users', async (c) => renderPage(c, <AdminUsersPage users={await listUsersForAdmin(c.get('db'))} />, { title: 'Users' }))
  .get('/webhooks', async (c) => renderPage(c, <AdminWebhooksPage logs={await listWebhookLogs(c.get('db'))} />, { title: 'Webhook Logs' }));
