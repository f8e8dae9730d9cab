// Daily check-ins: the /check-ins page (its form posts to its own address) and the JSON API at
// /api/check-ins. Both save through one handler; the day is the user's calendar day.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { saveCheckIn } from '../data/check-ins';
import { listUpcomingWebinars } from '../data/webinars';
import type { CheckInRow } from '../db/schema';
import { checkInSchema, checkInStreak, type CheckIn } from '../domain/check-ins';
import { calendarDay, DEFAULT_TIME_ZONE, isTimeZone } from '../domain/time-zone';
import { PATHS } from '../paths';
import { currentAuth, requireAccessApi, requireUserPage, requireAccessPage } from '../server/guards';
import { readInput } from '../server/input';
import { formPage } from '../server/form-replay';
import { accept, reject, type Failure } from '../server/respond';
import { CheckInsPage } from '../views/CheckInsPage';
import { renderPage } from '../views/render';
import { forgetPageReads, userCheckInDays, userRecentCheckIns } from '../server/page-reads';

function publicCheckIn({ date, mood, drift, win }: CheckInRow): CheckIn {
  return { date, mood, drift, win };
}

/** The user's zone: the one their browser last sent, else the coaches' zone. */
function zoneOf(stored: string | null | undefined): string {
  return isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}

async function readCheckIns(c: Context<AppEnv>, timeZone: string) {
  const today = calendarDay(new Date(), timeZone);
  const [recent, days] = await Promise.all([userRecentCheckIns(c), userCheckInDays(c)]);
  return { today, checkIns: recent.map(publicCheckIn), streak: checkInStreak(days, today) };
}

async function renderCheckInsPage(c: Context<AppEnv>, failure?: Failure): Promise<Response> {
  const auth = currentAuth(c);
  const [{ today, checkIns, streak }, webinars] = await Promise.all([readCheckIns(c, zoneOf(auth.user.timeZone)), listUpcomingWebinars(c.get('db'))]);
  const todays = checkIns.find((entry) => entry.date === today) ?? null;
  return renderPage(
    c,
    <CheckInsPage auth={auth} webinars={webinars} today={today} todays={todays} recent={checkIns} streak={streak} action={PATHS.checkIns} lastResult={failure?.reply} />,
    {
      title: 'Check-Ins',
      status: failure?.status,
      toast: failure ? { title: 'Error', description: failure.message, variant: 'destructive' } : undefined,
    },
  );
}

const checkInFormPage = formPage('check-ins', renderCheckInsPage);

async function postCheckIn(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, checkInSchema);
  if (!input.ok) return reject(c, input, checkInFormPage, { status: 400 });
  const { user } = currentAuth(c);
  const timeZone = input.value.timeZone ?? zoneOf(user.timeZone);
  const date = calendarDay(new Date(), timeZone);
  const saved = await saveCheckIn(c.get('db'), user.id, date, input.value, input.value.timeZone);
  forgetPageReads(c);
  const { streak } = await readCheckIns(c, timeZone);
  return accept(c, input.mode, {
    json: { checkIn: publicCheckIn(saved), streak },
    redirect: PATHS.checkIns,
    flash: { title: 'Check-in saved', description: streak > 1 ? `${streak} days in a row. Keep it going!` : 'See you tomorrow.' },
  });
}

export const checkInPageRoutes = new Hono<AppEnv>()
  .use('*', requireUserPage, requireAccessPage('challenge', 'Check-Ins'))
  .get('/', (c) => renderCheckInsPage(c))
  .post('/', postCheckIn);

export const checkInApiRoutes = new Hono<AppEnv>()
  .use('*', requireAccessApi('challenge'))
  .get('/', async (c) => {
    const { checkIns, streak } = await readCheckIns(c, zoneOf(currentAuth(c).user.timeZone));
    return c.json({ checkIns, streak });
  })
  .post('/', postCheckIn);
