// The signed-in home (docs/product.md#route-table): progress, the wheel, webinars and links.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { outboundLinks } from '../domain/links';
import { toClientView } from '../domain/progress-view';
import { reassessmentInvited } from '../domain/reassessment';
import { completedCount } from '../domain/session-status';
import { PATHS } from '../paths';
import { currentAuth, requireUserPage } from '../server/guards';
import { upcomingWebinars, userFirstAndLatestWheels, userProgress } from '../server/page-reads';
import { DashboardPage, ReassessmentCard } from '../views/DashboardPage';
import { renderPage } from '../views/render-page';
import { SessionsProgressCard } from '../views/SessionsProgressCard';
import { WheelCard } from '../views/WheelCard';

export const dashboardRoutes = new Hono<AppEnv>()
  .get(PATHS.home, (c) => c.redirect(PATHS.dashboard, 302))
  .get(PATHS.dashboard, requireUserPage({ access: 'challenge', reads: ['progress', 'firstAndLatestWheels'] }), async (c) => {
    const [row, webinars, wheels] = await Promise.all([userProgress(c), upcomingWebinars(c), userFirstAndLatestWheels(c)]);
    // From four weeks after the first wheel (or once Session 4 is done) until a wheel is taken again.
    const invited = reassessmentInvited(
      {
        firstWheelAt: wheels[0]?.completedAt ?? null,
        latestWheelAt: wheels[wheels.length - 1]?.completedAt ?? null,
        session4CompletedAt: row?.session4CompletedAt ?? null,
      },
      new Date(),
    );
    return renderPage(
      c,
      <DashboardPage
        auth={currentAuth(c)}
        webinars={webinars}
        links={outboundLinks(c.env.OUTBOUND_LINKS)}
        firstVisit={completedCount(row) === 0}
        invitation={invited ? <ReassessmentCard /> : null}
        progress={<SessionsProgressCard completions={row} />}
        wheel={<WheelCard session1={toClientView(row).session1 ?? null} />}
      />,
      { title: 'Dashboard' },
    );
  });
