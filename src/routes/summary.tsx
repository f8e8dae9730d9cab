// /summary, and the two files a member downloads from their own data: the progress export
// (JSON) and the wheel as a PNG. Both files answer JSON errors (401, 403, 404) like the API.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { findPendingEmailChange } from '../data/account';
import { listCheckIns } from '../data/check-ins';
import { listWheelHistory, progressRecord } from '../data/progress';
import { reminderSettingsQuery } from '../data/reminders';
import { checkInStreak } from '../domain/check-ins';
import { consistencyScore } from '../domain/consistency';
import { lastFourWeeks } from '../domain/mood-line';
import { practiceOf, practiceProgress } from '../domain/practice';
import { PRODUCT_SLUG } from '../domain/product';
import { exportFileName, progressExport, progressExportJson } from '../domain/progress-export';
import { toClientView } from '../domain/progress-view';
import { totalScore, weakestArena } from '../domain/scoring';
import { calendarDay, userTimeZone } from '../domain/time-zone';
import { wheelItems } from '../domain/wheel';
import { API, PATHS, WHEEL_COMPARE_PARAM } from '../paths';
import { HttpError } from '../server/errors';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';
import {
  upcomingWebinars,
  userActionAnswers,
  userCheckInDays,
  userFirstAndLatestWheels,
  userMonthCheckIns,
  userProgress,
} from '../server/page-reads';
import { sessionClock } from '../server/session-clock';
import { renderWheelPng } from '../server/wheel-image';
import { wheelFooter } from '../server/wheel-svg';
import { renderPage } from '../views/render-page';
import { SummaryPage } from '../views/SummaryPage';

function userZone(c: Context<AppEnv>): string {
  return userTimeZone(currentAuth(c).user.timeZone);
}

/** A year of check-ins at most in the export: bounded work per request. */
const EXPORT_CHECK_INS = 366;

/** The summary lists the notes of the newest two weeks; the download holds every check-in. */
const SUMMARY_NOTES = 14;

async function summaryPage(c: Context<AppEnv>): Promise<Response> {
  const auth = currentAuth(c);
  const clock = sessionClock(c);
  const { timeZone, today } = clock;
  const [row, history, days, month, webinars, answers] = await Promise.all([
    userProgress(c),
    userFirstAndLatestWheels(c),
    userCheckInDays(c),
    userMonthCheckIns(c),
    upcomingWebinars(c),
    userActionAnswers(c),
  ]);
  const view = toClientView(row);
  const practice = practiceOf(view);
  const first = history[0];
  const latest = history[history.length - 1];
  const checkIns = month.map(({ date, mood, drift, win }) => ({ date, mood, drift, win }));
  return renderPage(
    c,
    <SummaryPage
      auth={auth}
      webinars={webinars}
      view={view}
      streak={checkInStreak(days, today)}
      practice={practice ? practiceProgress(practice, answers, today) : null}
      consistency={consistencyScore(days, today)}
      moods={lastFourWeeks(checkIns, today)}
      recent={checkIns.slice(0, SUMMARY_NOTES)}
      history={first && latest && history.length >= 2 ? { first, latest } : null}
      downloadUrl={API.progressExport}
      clock={clock}
      timeZone={timeZone}
    />,
    { title: 'Summary' },
  );
}

export const summaryRoutes = new Hono<AppEnv>()
  .get(
    PATHS.summary,
    requireUserPage({ access: 'challenge', reads: ['progress', 'firstAndLatestWheels', 'checkInDays', 'monthCheckIns', 'actionAnswers'] }),
    summaryPage,
  )

  // Everything of theirs, whatever their plan: a participant's data is theirs to take (decisions 7 and 42).
  .get(API.progressExport, requireUserApi(), async (c) => {
    const { user, membership } = currentAuth(c);
    const db = c.get('db');
    const [row, history, checkIns, reminders, pendingEmailChange] = await Promise.all([
      userProgress(c),
      listWheelHistory(db, user.id),
      listCheckIns(db, user.id, EXPORT_CHECK_INS),
      reminderSettingsQuery(db, user.id),
      findPendingEmailChange(db, user.id),
    ]);
    const data = progressExport({
      account: user,
      membership,
      progress: row ? progressRecord(row) : null,
      wheelHistory: history,
      checkIns,
      reminders: reminders[0] ?? null,
      pendingEmailChange,
      exportedAt: new Date(),
    });
    return c.body(progressExportJson(data), 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(calendarDay(new Date(), userZone(c)))}"`,
      'cache-control': 'private, no-store',
    });
  })

  // `?compare` draws the first wheel as a dashed outline under the latest, once there are two.
  .get(API.wheelImage, requireUserApi({ access: 'challenge', reads: ['progress', 'firstAndLatestWheels'] }), async (c) => {
    const [row, wheels] = await Promise.all([userProgress(c), userFirstAndLatestWheels(c)]);
    const session1 = toClientView(row).session1;
    if (!session1?.completedAt) throw new HttpError(404, 'Complete Session 1 first: your wheel is made from its scores.');
    const day = calendarDay(new Date(), userZone(c));
    const first = c.req.query(WHEEL_COMPARE_PARAM) !== undefined && wheels.length >= 2 ? wheels[0] : undefined;
    const png = await renderWheelPng({
      items: wheelItems(session1.scores),
      keystone: session1.keystoneArena,
      weakest: weakestArena(session1.scores),
      footer: wheelFooter(day, totalScore(session1.scores), session1.keystoneArena),
      outline: first ? wheelItems(first.scores) : null,
    });
    return c.body(new Uint8Array(png), 200, {
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="${PRODUCT_SLUG}-wheel-${day}.png"`,
      'cache-control': 'private, no-store',
    });
  });
