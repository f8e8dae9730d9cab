// The links in reminder mails, which work without signing in (decision 29,
// docs/product.md#reminders-and-mail):
// - /check-in?t=…&mood=N: GET shows the mood chosen with the optional notes and Save (mail
//   scanners open links, so nothing is written); POST saves the check-in for the link's user and
//   calendar day, by the check-in rules of /check-ins, then (303, ?saved=1) shows the streak.
// - /unsubscribe?t=…: GET asks; POST (RFC 8058 one-click, no sign-in, no Origin: src/server/csrf.ts
//   lets exactly this through) turns that reminder off, or mail from the coach (decision 40).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { findCheckIn, listCheckInDays } from '../data/check-ins';
import { setCoachMail } from '../data/coach-mail';
import { listActionAnswers } from '../data/practice';
import { findLinkUser, turnOffReminder } from '../data/reminders';
import { checkInFormSchema, checkInSchema, checkInStreak, MOOD_DEFAULT, MOOD_MAX, MOOD_MIN } from '../domain/check-ins';
import { hasAccess } from '../domain/plans';
import { answersOn, practiceProgress } from '../domain/practice';
import { calendarDay, formatCalendarDay, userTimeZone } from '../domain/time-zone';
import { readCheckInToken, readUnsubscribeToken } from '../mail/links';
import { PATHS } from '../paths';
import { readInput } from '../server/input';
import { currentPractice, saveCheckInWithPractice } from '../server/practice-check-in';
import { DeadLinkPage, QuickCheckInPage, QuickCheckInSavedPage, UnsubscribePage } from '../views/ReminderLinkPages';
import { renderPage } from '../views/render-page';

/** Links from mail are short; anything longer is not ours. */
const TOKEN_MAX = 400;

function linkAction(c: Context<AppEnv>, path: string): string {
  return `${path}?${new URLSearchParams({ t: (c.req.query('t') ?? '').slice(0, TOKEN_MAX) })}`;
}

function moodOf(value: string | undefined): number {
  const mood = Number(value);
  return Number.isInteger(mood) && mood >= MOOD_MIN && mood <= MOOD_MAX ? mood : MOOD_DEFAULT;
}

type LinkCheck =
  | { ok: true; user: NonNullable<Awaited<ReturnType<typeof findLinkUser>>>; day: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'no-access' };

/** The link's user and day when the link is good, the user still exists and may check in. */
async function checkLink(c: Context<AppEnv>): Promise<LinkCheck> {
  const token = c.req.query('t') ?? '';
  const link =
    token.length <= TOKEN_MAX ? await readCheckInToken(c.env.JWT_SECRET, token, new Date()) : ({ ok: false, reason: 'invalid' } as const);
  if (!link.ok) return link;
  const db = c.get('db');
  const user = await findLinkUser(db, link.userId);
  if (!user) return { ok: false, reason: 'invalid' };
  if (!hasAccess(user.membership, 'challenge')) return { ok: false, reason: 'no-access' };
  return { ok: true, user, day: link.day };
}

function deadLink(c: Context<AppEnv>, reason: 'invalid' | 'expired' | 'no-access'): Response {
  return renderPage(c, <DeadLinkPage reason={reason} />, { title: 'Link not valid', status: reason === 'no-access' ? 403 : 400 });
}

async function showQuickCheckIn(c: Context<AppEnv>): Promise<Response> {
  const link = await checkLink(c);
  if (!link.ok) return deadLink(c, link.reason);
  const db = c.get('db');
  const today = calendarDay(new Date(), userTimeZone(link.user.timeZone));
  const dayLabel = formatCalendarDay(link.day, today.slice(0, 4));
  const [days, saved, practice, answers] = await Promise.all([
    listCheckInDays(db, link.user.id),
    c.req.query('saved') === '1' ? findCheckIn(db, link.user.id, link.day) : null,
    currentPractice(db, link.user.id),
    listActionAnswers(db, link.user.id),
  ]);
  // After Save (Post/Redirect/Get): the streak, each daily action's progress and a way into the app.
  if (saved)
    return renderPage(
      c,
      <QuickCheckInSavedPage
        dayLabel={dayLabel}
        mood={saved.mood}
        streak={checkInStreak(days, today)}
        progress={practice ? practiceProgress(practice, answers, today) : null}
      />,
      { title: 'Check-in saved' },
    );
  return renderPage(
    c,
    <QuickCheckInPage
      action={linkAction(c, PATHS.quickCheckIn)}
      dayLabel={dayLabel}
      mood={moodOf(c.req.query('mood'))}
      existing={days.includes(link.day)}
      practice={practice}
      answers={answersOn(answers, link.day)}
    />,
    {
      title: 'Check in',
    },
  );
}

async function saveQuickCheckIn(c: Context<AppEnv>): Promise<Response> {
  const link = await checkLink(c);
  if (!link.ok) return deadLink(c, link.reason);
  const input = await readInput(c, checkInSchema, { formSchema: checkInFormSchema });
  const today = calendarDay(new Date(), userTimeZone(link.user.timeZone));
  const dayLabel = formatCalendarDay(link.day, today.slice(0, 4));
  const db = c.get('db');
  const showAgain = async (error: string, posted: Record<string, unknown>) => {
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 2000) : '');
    const practice = await currentPractice(db, link.user.id);
    return renderPage(
      c,
      <QuickCheckInPage
        action={linkAction(c, PATHS.quickCheckIn)}
        dayLabel={dayLabel}
        mood={moodOf(text(posted.mood))}
        drift={text(posted.drift)}
        win={text(posted.win)}
        existing={false}
        practice={practice}
        answers={{}}
        error={error}
      />,
      { title: 'Check in', status: 400 },
    );
  };
  if (!input.ok) {
    if (input.mode === 'json') return c.json({ message: input.message, fieldErrors: input.fieldErrors }, 400);
    return showAgain(input.message, (input.reply().initialValue ?? {}) as Record<string, unknown>);
  }
  // The link's day, not today: the reminder was for that day. The stored zone is left alone.
  const result = await saveCheckInWithPractice(db, link.user.id, link.day, today, input.value);
  if (!result.ok) {
    const { message, field } = result.problem;
    if (input.mode === 'json') return c.json({ message, fieldErrors: { [field]: [message] } }, 400);
    return showAgain(message, input.value);
  }
  if (input.mode === 'json') {
    const { saved, streak, practice } = result;
    const actions = result.answers
      .filter((a) => a.date === saved.date)
      .map(({ accelerator, dailyAction, done }) => ({ accelerator, dailyAction, done }));
    return c.json({ checkIn: { date: saved.date, mood: saved.mood, drift: saved.drift, win: saved.win, actions }, streak, practice });
  }
  return c.redirect(`${linkAction(c, PATHS.quickCheckIn)}&saved=1`, 303);
}

const REMINDER_WORDS = { 'check-in': 'daily check-in reminders', webinar: 'webinar reminders', coach: 'mail from your coach' } as const;

async function showUnsubscribe(c: Context<AppEnv>): Promise<Response> {
  const token = c.req.query('t') ?? '';
  const link = token.length <= TOKEN_MAX ? await readUnsubscribeToken(c.env.JWT_SECRET, token) : null;
  if (c.req.query('done') === '1' && link)
    return renderPage(c, <UnsubscribePage state={{ kind: 'done', what: REMINDER_WORDS[link.kind] }} />, { title: 'Unsubscribed' });
  if (!link) return renderPage(c, <UnsubscribePage state={{ kind: 'invalid' }} />, { title: 'Link not valid', status: 400 });
  return renderPage(
    c,
    <UnsubscribePage state={{ kind: 'confirm', action: linkAction(c, PATHS.unsubscribe), what: REMINDER_WORDS[link.kind] }} />,
    { title: 'Unsubscribe' },
  );
}

/**
 * RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` with no cookies and no Origin;
 * the page's own button posts the same. The body is not needed: the signed link says it all.
 */
async function unsubscribe(c: Context<AppEnv>): Promise<Response> {
  const token = c.req.query('t') ?? '';
  const link = token.length <= TOKEN_MAX ? await readUnsubscribeToken(c.env.JWT_SECRET, token) : null;
  const browser = (c.req.header('accept') ?? '').includes('text/html');
  if (!link)
    return browser
      ? renderPage(c, <UnsubscribePage state={{ kind: 'invalid' }} />, { title: 'Link not valid', status: 400 })
      : c.json({ message: 'This unsubscribe link is not valid' }, 400);
  // Coach mail (decision 40) is turned off the same way, by its own signed link.
  if (link.kind === 'coach') await setCoachMail(c.get('db'), link.userId, false);
  else await turnOffReminder(c.get('db'), link.userId, link.kind);
  if (browser) return c.redirect(`${linkAction(c, PATHS.unsubscribe)}&done=1`, 303);
  return c.json({ message: `Unsubscribed from ${REMINDER_WORDS[link.kind]}` });
}

export const reminderLinkRoutes = new Hono<AppEnv>()
  .get(PATHS.quickCheckIn, showQuickCheckIn)
  .post(PATHS.quickCheckIn, saveQuickCheckIn)
  .get(PATHS.unsubscribe, showUnsubscribe)
  .post(PATHS.unsubscribe, unsubscribe);
