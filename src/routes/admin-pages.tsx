// /admin pages: admins only (anonymous to /login, other users to /dashboard).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listUsersPage } from '../data/admin-users';
import { userListQuerySchema, webhookFilterSchema } from '../domain/admin';
import { listWebhookLogs } from '../data/webhooks';
import { PATHS } from '../paths';
import { currentAuth, requireAdminPage } from '../server/guards';
import { AdminUsersPage } from '../views/AdminUsersPage';
import { AdminWebhooksPage } from '../views/AdminWebhooksPage';
import { renderPage } from './render-page';

export const adminPageRoutes = new Hono<AppEnv>()
  .use('*', requireAdminPage())
  .get('/', (c) => c.redirect(PATHS.adminUsers, 302))
  .get('/users', async (c) => {
    const query = userListQuerySchema.parse(c.req.query());
    const page = await listUsersPage(c.get('db'), query);
    return renderPage(c, <AdminUsersPage page={page} query={query} currentUserId={currentAuth(c).user.id} />, { title: 'Users' });
  })
  .get('/webhooks', async (c) => {
    const filter = webhookFilterSchema.parse(c.req.query());
    return renderPage(c, <AdminWebhooksPage logs={await listWebhookLogs(c.get('db'), filter)} filter={filter} />, { title: 'Webhook Logs' });
  });
