// /admin pages: admins only (anonymous to /login, other users to /dashboard).
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { memberships, progress, users, webhookEvents } from '../db/schema';
import { PATHS } from '../paths';
import { publicMembership, publicUser } from '../data/users';
import { requireAdminPage } from '../server/guards';
import { AdminUsersPage, AdminWebhooksPage, type AdminUserRow } from '../views/AdminPages';
import { renderPage } from '../views/render';

const completedSessions = sql<number>`(${progress.session1CompletedAt} IS NOT NULL) + (${progress.session2CompletedAt} IS NOT NULL) + (${progress.session3CompletedAt} IS NOT NULL) + (${progress.session4CompletedAt} IS NOT NULL)`;

export const adminPageRoutes = new Hono<AppEnv>()
  .use('*', requireAdminPage)
  .get('/', (c) => c.redirect(PATHS.adminUsers, 302))
  .get('/users', async (c) => {
    const rows = await c
      .get('db')
      .select({ user: users, membership: memberships, sessionsCompleted: completedSessions })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .leftJoin(progress, eq(progress.userId, users.id))
      .orderBy(desc(users.createdAt));
    const list: AdminUserRow[] = rows.map(({ user, membership, sessionsCompleted }) => ({
      ...publicUser(user),
      sessionsCompleted: sessionsCompleted ?? 0,
      membership: publicMembership(membership),
    }));
    return renderPage(c, <AdminUsersPage users={list} />, { title: 'Users' });
  })
  .get('/webhooks', async (c) => {
    const logs = await c.get('db').select().from(webhookEvents).orderBy(desc(webhookEvents.processedAt)).limit(100);
    return renderPage(c, <AdminWebhooksPage logs={logs} />, { title: 'Webhook Logs' });
  });
