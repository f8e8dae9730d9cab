// 'From your coach' (docs/product.md#nudges-and-announcements): a participant dismisses an
// announcement's card. A plain form post to the dashboard's own address (POST /dashboard?
// announcement=ID, 303 back with a toast) and POST /api/announcements/:id/dismiss for API clients.
// The dashboard itself shows the cards (src/routes/dashboard.tsx, src/views/CoachCards.tsx).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { dismissCoachCard } from '../data/announcements';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { setFlash } from '../server/flash';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';

const ID_MAX = 64;

async function dismiss(c: Context<AppEnv>, announcementId: string): Promise<boolean> {
  if (!announcementId || announcementId.length > ID_MAX) return false;
  return dismissCoachCard(c.get('db'), currentAuth(c).user.id, announcementId, new Date());
}

export const coachCardRoutes = new Hono<AppEnv>()
  .post(PATHS.dashboard, requireUserPage(), async (c) => {
    const dismissed = await dismiss(c, c.req.query('announcement') ?? '');
    // Gone already (dismissed in another tab) is no failure worth a red toast: the card is gone either way.
    setFlash(c, { toast: { title: dismissed ? 'Dismissed' : 'Already dismissed' } });
    return c.redirect(PATHS.dashboard, 303);
  })
  .post('/api/announcements/:id/dismiss', requireUserApi(), async (c) => {
    if (!(await dismiss(c, c.req.param('id')))) throw new HttpError(404, 'No such announcement on your dashboard');
    return c.json({ dismissed: true });
  });
