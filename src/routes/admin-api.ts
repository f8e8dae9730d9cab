// /api/admin: admins only (401 signed out, 403 for everyone else). Thin: the work is in
// actions/admin.ts and data/admin-users.ts.
import { Hono } from 'hono';
import { changeRole, createUser, grantMembership, listUsers, listWebhookLog, removeUser, resetUserPassword } from '../actions/admin';
import type { AppEnv } from '../app-env';
import { requireAdminApi } from '../server/guards';

export const adminApiRoutes = new Hono<AppEnv>()
  .use('*', requireAdminApi())
  .get('/users', listUsers)
  .post('/create-user', createUser)
  .post('/grant-membership', grantMembership)
  .post('/change-role', changeRole)
  .post('/reset-user-password', resetUserPassword)
  .delete('/delete-user', removeUser)
  .get('/webhook-logs', listWebhookLog);
