// The webhook log (docs/product.md#webhooks): /admin/webhooks and GET /api/admin/webhook-logs,
// filtered by source and status. Admins only.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listWebhookLogs } from '../data/webhooks';
import { webhookFilterSchema } from '../domain/admin';
import { PATHS } from '../paths';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { AdminWebhooksPage } from '../views/AdminWebhooksPage';
import { renderPage } from '../views/render-page';

export const adminWebhookRoutes = new Hono<AppEnv>()
  .get(PATHS.adminWebhooks, requireAdminPage(), async (c) => {
    const filter = webhookFilterSchema.parse(c.req.query());
    return renderPage(
      c,
      <AdminWebhooksPage logs={await listWebhookLogs(c.get('db'), filter)} filter={filter} adminZone={currentAuth(c).user.timeZone} />,
      {
        title: 'Webhook Logs',
      },
    );
  })
  .get('/api/admin/webhook-logs', requireAdminApi(), async (c) =>
    c.json({ logs: await listWebhookLogs(c.get('db'), webhookFilterSchema.parse(c.req.query())) }),
  );
