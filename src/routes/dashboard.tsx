// The signed-in home (docs/product.md#route-table): where the participant stands in their cohort,
// progress, the wheel, webinars and links.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { checkInStreak } from '../domain/check-ins';
import { outboundLinks } from '../domain/links';
import { placeText, waitlistText } from '../domain/pacing';
import { answersOn, practiceOf, practiceProgress } from '../domain/practice';
import { toClientView } from '../domain/progress-view';
import { reassessmentInvited } from '../domain/reassessment';
import { completedCount } from '../domain/session-status';
import { DEVICE_ZONE_PARAM, otherDeviceZone } from '../domain/zone-notice';
import { PATHS } from '../paths';
import { currentAuth, requireUserPage } from '../server/guards';
import {
  upcomingWebinars,
  userActionAnswers,
  userCheckInDays,
  userCoachCards,
  userFirstAndLatestWheels,
  userProgress,
  userRecentCheckIns,
} from '../server/page-reads';
import { sessionClock } from '../server/session-clock';
import { CoachCards } from '../views/CoachCards';
import { DailyLoopCard } from '../views/DailyLoopCard';
import { DashboardPage, ReassessmentCard } from '../views/DashboardPage';
import { renderPage } from '../views/render-page';
import { SessionsProgressCard } from '../views/SessionsProgressCard';
import { WheelCard } from '../views/WheelCard';

const DASHBOARD_READS = ['progress', 'firstAndLatestWheels', 'recentCheckIns', 'checkInDays', 'actionAnswers', 'coachCards'] as const;

export const dashboardRoutes = new Hono<AppEnv>()
  .get(PATHS.home, (c) => c.redirect(PATHS.dashboard, 302))
  .get(PATHS.dashboard, requireUserPage({ access: 'challenge', reads: DASHBOARD_READS }), async (c) => {
    const [row, webinars, wheels, recent, days, answers, coachCards] = await Promise.all([
      userProgress(c),
      upcomingWebinars(c),
      userFirstAndLatestWheels(c),
      userRecentCheckIns(c),
      userCheckInDays(c),
      userActionAnswers(c),
      userCoachCards(c),
    ]);
    const clock = sessionClock(c);
    // The daily loop (decision 38): today in the zone saved in Settings.
    const { today, timeZone } = clock;
    const practice = practiceOf(toClientView(row));
    const todays = recent.find((entry) => entry.date === today) ?? null;
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
        today={
          <DailyLoopCard
            today={today}
            timeZone={timeZone}
            todays={todays && { date: todays.date, mood: todays.mood, drift: todays.drift, win: todays.win }}
            streak={checkInStreak(days, today)}
            practice={practice}
            progress={practice ? practiceProgress(practice, answers, today) : null}
            answers={answersOn(answers, today)}
            deviceZone={otherDeviceZone(c.req.query(DEVICE_ZONE_PARAM), timeZone)}
          />
        }
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
