// The signed-in home (docs/product.md#route-table): where the participant stands in their cohort,
// progress, the wheel, webinars and links.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { outboundLinks } from '../domain/links';
import { placeText, waitlistText } from '../domain/pacing';
import { toClientView } from '../domain/progress-view';
import { reassessmentInvited } from '../domain/reassessment';
import { completedCount } from '../domain/session-status';
import { PATHS } from '../paths';
import { currentAuth, requireUserPage } from '../server/guards';
import { upcomingWebinars, userCoachCards, userFirstAndLatestWheels, userProgress } from '../server/page-reads';
import { sessionClock } from '../server/session-clock';
import { CoachCards } from '../views/CoachCards';
import { DashboardPage, ReassessmentCard } from '../views/DashboardPage';
import { renderPage } from '../views/render-page';
import { SessionsProgressCard } from '../views/SessionsProgressCard';
import { WheelCard } from '../views/WheelCard';

export const dashboardRoutes = new Hono<AppEnv>()
  .get(PATHS.home, (c) => c.redirect(PATHS.dashboard, 302))
  .get(PATHS.dashboard, requireUserPage({ access: 'challenge', reads: ['progress', 'firstAndLatestWheels', 'coachCards'] }), async (c) => {
    const [row, webinars, wheels, coachCards] = await Promise.all([
      userProgress(c),
      upcomingWebinars(c),
      userFirstAndLatestWheels(c),
      userCoachCards(c),
    ]);
    const clock = sessionClock(c);
    // From the end of a weekly cohort's week 4 (four weeks after the first wheel when self-paced) until a wheel is taken again.
    const invited = reassessmentInvited(
      {
        firstWheelAt: wheels[0]?.completedAt ?? null,
        latestWheelAt: wheels[wheels.length - 1]?.completedAt ?? null,
        cohort: clock.place,
        timeZone: clock.timeZone,
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
        standing={placeText(clock.place, clock.today)}
        waitlist={waitlistText(clock.place)}
        invitation={invited ? <ReassessmentCard /> : null}
        coach={<CoachCards cards={coachCards} timeZone={clock.timeZone} />}
        progress={<SessionsProgressCard completions={row} clock={clock} />}
        wheel={<WheelCard session1={toClientView(row).session1 ?? null} />}
      />,
      { title: 'Dashboard' },
    );
  });
