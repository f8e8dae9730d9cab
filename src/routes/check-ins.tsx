// Daily check-ins (docs/product.md#check-ins): the /check-ins page, whose form posts to its own
// address, and the JSON API at /api/check-ins. Both save through one handler; the day is the
// user's calendar day.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listCheckInDays, saveCheckIn } from '../data/check-ins';
import type { CheckInRow } from '../db/schema';
import { type CheckIn, checkInSchema, checkInStreak } from '../domain/check-ins';
import { consistencyScore } from '../domain/consistency';
import { moodCalendar } from '../domain/mood-calendar';
import { calendarDay, userTimeZone } from '../domain/time-zone';
import { API, PATHS } from '../paths';
import { takeFailure } from '../server/flash';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';
import { readInput } from '../server/input';
import { upcomingWebinars, userCheckInDays, userMonthCheckIns, userRecentCheckIns } from '../server/page-reads';
import { accept, type Failure, reject } from '../server/respond';
import { CheckInsPage } from '../views/CheckInsPage';
import { renderPage } from '../views/render-page';

const READS = ['recentCheckIns', 'checkInDays'] as const;
/** The page adds the newest 28 check-ins' moods: its calendar's four weeks. */
const PAGE_READS = [...READS, 'monthCheckIns'] as const;

function publicCheckIn({ date, mood, drift, win }: CheckInRow): CheckIn {
  return { date, mood, drift, win };
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
  const [recent, days, month, webinars] = await Promise.all([
    userRecentCheckIns(c),
    userCheckInDays(c),
    userMonthCheckIns(c),
    upcomingWebinars(c),
  ]);
  const checkIns = recent.map(publicCheckIn);
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
  const input = await readInput(c, checkInSchema);
  if (!input.ok) return reject(c, input, renderCheckInsPage, { status: 400 });
  const { user } = currentAuth(c);
  const timeZone = input.value.timeZone ?? userTimeZone(user.timeZone);
  const db = c.get('db');
  const saved = await saveCheckIn(db, user.id, calendarDay(new Date(), timeZone), input.value, input.value.timeZone);
  const streak = checkInStreak(await listCheckInDays(db, user.id), calendarDay(new Date(), timeZone));
  return accept(c, input.mode, {
    json: { checkIn: publicCheckIn(saved), streak },
    redirect: PATHS.checkIns,
    flash: { title: 'Check-in saved', description: streak > 1 ? `${streak} days in a row. Keep it going!` : 'See you tomorrow.' },
  });
}

export const checkInRoutes = new Hono<AppEnv>()
  .get(PATHS.checkIns, requireUserPage({ access: 'challenge', reads: PAGE_READS }), (c) => renderCheckInsPage(c, takeFailure(c)))
  .post(PATHS.checkIns, requireUserPage({ access: 'challenge' }), postCheckIn)
  .get(API.checkIns, requireUserApi({ access: 'challenge', reads: READS }), async (c) => {
    const { user } = currentAuth(c);
    const [recent, days] = await Promise.all([userRecentCheckIns(c), userCheckInDays(c)]);
    const today = calendarDay(new Date(), userTimeZone(user.timeZone));
    return c.json({ checkIns: recent.map(publicCheckIn), streak: checkInStreak(days, today), consistency: consistencyScore(days, today) });
  })
  .post(API.checkIns, requireUserApi({ access: 'challenge' }), postCheckIn);
