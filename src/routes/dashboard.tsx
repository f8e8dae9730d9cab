// The signed-in home (docs/product.md#route-table): progress, the wheel, webinars and links.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { outboundLinks } from '../domain/links';
import { toClientView } from '../domain/progress-view';
import { completedCount } from '../domain/session-status';
import { PATHS } from '../paths';
import { currentAuth, requireUserPage } from '../server/guards';
import { upcomingWebinars, userProgress } from '../server/page-reads';
import { renderPage } from '../views/render-page';
import { DashboardPage } from '../views/DashboardPage';
import { SessionsProgressCard } from '../views/SessionsProgressCard';
import { WheelCard } from '../views/WheelCard';

export const dashboardRoutes = new Hono<AppEnv>()
  .get(PATHS.home, (c) => c.redirect(PATHS.dashboard, 302))
  .get(PATHS.dashboard, requireUserPage({ access: 'challenge', reads: ['progress'] }), async (c) => {
    const [row, webinars] = await Promise.all([userProgress(c), upcomingWebinars(c)]);
    return renderPage(
      c,
      <DashboardPage auth={currentAuth(c)} webinars={webinars} links={outboundLinks(c.env.OUTBOUND_LINKS)} firstVisit={completedCount(row) === 0}>
        <SessionsProgressCard completions={row} />
        <WheelCard session1={toClientView(row).session1 ?? null} />
      </DashboardPage>,
      { title: 'Dashboard' },
    );
  });
