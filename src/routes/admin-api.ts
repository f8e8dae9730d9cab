// /api/admin: admins only (401 signed out, 403 for everyone else). Thin: the work is in
// actions/admin.ts and data/admin-users.ts.
import { Hono } from 'hono';
import { changeRole, createUser, grantMembership, listUsers, removeUser, resetUserPassword } from '../actions/admin';
import type { AppEnv } from '../app-env';
import { listWebhookLogs } from '../data/webhooks';
import { webhookFilterSchema } from '../domain/admin';
import { requireAdminApi } from '../server/guards';

export const adminApiRoutes = new Hono<AppEnv>()
  .use('*', requireAdminApi)
  .get('/users', listUsers)
  .post('/create-user', createUser)
  .post('/grant-membership', grantMembership)
  .post('/change-role', changeRole)
  .post('/reset-user-password', resetUserPassword)
  .delete('/delete-user', removeUser)
  .get('/webhook-logs', async (c) => c.json({ logs: await listWebhookLogs(c.get('db'), webhookFilterSchema.parse(c.req.query())) }));
