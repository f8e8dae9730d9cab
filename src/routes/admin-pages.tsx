// /admin pages: admins only (anonymous to /login, other users to /dashboard).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listUsersPage } from '../data/admin-users';
import { userListQuerySchema } from '../domain/admin';
import { listWebhookLogs } from '../data/webhooks';
import { PATHS } from '../paths';
import { requireAdminPage } from '../server/guards';
import { AdminUsersPage, AdminWebhooksPage } from '../views/AdminPages';
import { renderPage } from '../views/render';

export const adminPageRoutes = new Hono<AppEnv>()
  .use('*', requireAdminPage)
  .get('/', (c) => c.redirect(PATHS.adminUsers, 302))
  .get('/users', async (c) => renderPage(c, <AdminUsersPage users={(await listUsersPage(c.get('db'), userListQuerySchema.parse(c.req.query()))).users} />, { title: 'Users' }))
  .get('/webhooks', async (c) => renderPage(c, <AdminWebhooksPage logs={await listWebhookLogs(c.get('db'))} />, { title: 'Webhook Logs' }));
