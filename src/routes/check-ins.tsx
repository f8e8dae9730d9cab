// Daily check-ins (docs/product.md#check-ins, #the-daily-practice): the /check-ins page, whose
// form posts to its own address (the dashboard's card posts here too, `?return=dashboard`, and is
// sent back there), and the JSON API at /api/check-ins. Both save through one handler; the day is
// the calendar day in the zone saved in Settings (decision 38).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { CheckInRow } from '../db/schema';
import { CHECK_IN_MESSAGES, type CheckIn, checkInDay, checkInFormSchema, checkInSchema, checkInStreak } from '../domain/check-ins';
import { consistencyScore } from '../domain/consistency';
import { moodCalendar } from '../domain/mood-calendar';
import { type ActionAnswer, answersOn, practiceOf, practiceProgress } from '../domain/practice';
import { toClientView } from '../domain/progress-view';
import { calendarDay, userTimeZone } from '../domain/time-zone';
import { DEVICE_ZONE_PARAM, otherDeviceZone, withDeviceZone } from '../domain/zone-notice';
import { API, PATHS, RETURN_TO_DASHBOARD } from '../paths';
import { takeFailure } from '../server/flash';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';
import { readInput } from '../server/input';
import {
  upcomingWebinars,
  userActionAnswers,
  userCheckInDays,
  userMonthCheckIns,
  userProgress,
  userRecentCheckIns,
} from '../server/page-reads';
import { saveCheckInWithPractice } from '../server/practice-check-in';
import { accept, type Failure, reject } from '../server/respond';
import { CheckInsPage } from '../views/CheckInsPage';
import { renderPage } from '../views/render-page';

const READS = ['recentCheckIns', 'checkInDays', 'progress', 'actionAnswers'] as const;
/** The page adds the newest 28 check-ins' moods: its calendar's four weeks. */
const PAGE_READS = [...READS, 'monthCheckIns'] as const;

/** A check-in as the API and the pages show it, with the day's answers to the daily actions. */
function publicCheckIn({ date, mood, drift, win }: CheckInRow, answers: readonly ActionAnswer[]): CheckIn {
  const actions = answers.filter((a) => a.date === date).map(({ accelerator, dailyAction, done }) => ({ accelerator, dailyAction, done }));
  return { date, mood, drift, win, actions };
}

/** A message that belongs to a field shows once, beside it, not again in a toast (docs/product.md#form-posts). */
function besideAField(failure: Failure): boolean {
  return Object.values(failure.fieldErrors ?? {})
    .flat()
    .includes(failure.message);
}

/** The day the account was made, in the participant's zone: the calendar's days before it are not missed. */
function joinedOn(createdAt: string, zone: string): string | null {
  const made = new Date(createdAt);
  return Number.isNaN(made.getTime()) ? null : calendarDay(made, zone);
}

async function renderCheckInsPage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
  const auth = currentAuth(c);
  const zone = userTimeZone(auth.user.timeZone);
  const today = calendarDay(new Date(), zone);
  const [recent, days, month, webinars, row, answers] = await Promise.all([
    userRecentCheckIns(c),
    userCheckInDays(c),
    userMonthCheckIns(c),
    upcomingWebinars(c),
    userProgress(c),
    userActionAnswers(c),
  ]);
  const checkIns = recent.map((entry) => publicCheckIn(entry, answers));
  const practice = practiceOf(toClientView(row));
  return renderPage(
    c,
    <CheckInsPage
      auth={auth}
      webinars={webinars}
      today={today}
      todays={checkIns.find((entry) => entry.date === today) ?? null}
      recent={checkIns}
      streak={checkInStreak(days, today)}
      consistency={consistencyScore(days, today)}
      calendar={moodCalendar(month, today, joinedOn(auth.user.createdAt, zone))}
      practice={practice}
      progress={practice ? practiceProgress(practice, answers, today) : null}
      answers={answersOn(answers, today)}
      deviceZone={otherDeviceZone(c.req.query(DEVICE_ZONE_PARAM), zone)}
      action={PATHS.checkIns}
      lastResult={failure?.reply}
    />,
    {
      title: 'Check-Ins',
      status: failure?.status,
      toast: failure && !besideAField(failure) ? { title: 'Error', description: failure.message, variant: 'destructive' } : null,
    },
  );
}

async function postCheckIn(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, checkInSchema, { formSchema: checkInFormSchema });
  if (!input.ok) return reject(c, input, renderCheckInsPage, { status: 400 });
  const { user } = currentAuth(c);
  // The day follows the zone saved in Settings, whatever zone the browser is in (decision 38).
  const zone = userTimeZone(user.timeZone);
  const today = calendarDay(new Date(), zone);
  const day = checkInDay(input.value.day, today);
  // The day and the actions' names ride in hidden fields: their messages go above the form, in JSON beside the field.
  const onlyInJson = (field: string, message: string) => (input.mode === 'json' ? { [field]: [message] } : undefined);
  if (day === null)
    return reject(c, input, renderCheckInsPage, {
      status: 400,
      message: CHECK_IN_MESSAGES.day,
      fieldErrors: onlyInJson('day', CHECK_IN_MESSAGES.day),
    });
  const result = await saveCheckInWithPractice(c.get('db'), user.id, day, today, input.value);
  if (!result.ok) {
    const { message, field } = result.problem;
    return reject(c, input, renderCheckInsPage, { status: 400, message, fieldErrors: onlyInJson(field, message) });
  }
  const device = otherDeviceZone(input.value.timeZone, zone);
  const { streak } = result;
  const page = c.req.query('return') === RETURN_TO_DASHBOARD ? PATHS.dashboard : PATHS.checkIns;
  return accept(c, input.mode, {
    json: {
      checkIn: publicCheckIn(result.saved, result.answers),
      streak,
      practice: result.practice,
      timeZone: zone,
      ...(device ? { deviceTimeZone: device } : {}),
    },
    redirect: withDeviceZone(page, device),
    flash: { title: 'Check-in saved', description: streak > 1 ? `${streak} days in a row. Keep it going!` : 'See you tomorrow.' },
  });
}

export const checkInRoutes = new Hono<AppEnv>()
  .get(PATHS.checkIns, requireUserPage({ access: 'challenge', reads: PAGE_READS }), (c) => renderCheckInsPage(c, takeFailure(c)))
  .post(PATHS.checkIns, requireUserPage({ access: 'challenge' }), postCheckIn)
  .get(API.checkIns, requireUserApi({ access: 'challenge', reads: READS }), async (c) => {
    const { user } = currentAuth(c);
    const [recent, days, row, answers] = await Promise.all([
      userRecentCheckIns(c),
      userCheckInDays(c),
      userProgress(c),
      userActionAnswers(c),
    ]);
    const today = calendarDay(new Date(), userTimeZone(user.timeZone));
    const practice = practiceOf(toClientView(row));
    return c.json({
      checkIns: recent.map((entry) => publicCheckIn(entry, answers)),
      streak: checkInStreak(days, today),
      consistency: consistencyScore(days, today),
      practice: practice ? practiceProgress(practice, answers, today) : [],
    });
  })
  .post(API.checkIns, requireUserApi({ access: 'challenge' }), postCheckIn);
