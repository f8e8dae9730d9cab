// The participant's place on the four-week clock (decision 36): their current cohort, which every
// signed-in request reads with the session, and today in their own zone, so a session opens at
// 00:00 where they live. Routes hand it to sessionGate / sessionStatus and to the views.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { SessionClock } from '../domain/pacing';
import { calendarDay, userTimeZone } from '../domain/time-zone';
import { currentAuth } from './guards';

export interface ParticipantClock extends SessionClock {
  /** The zone their days are counted in. */
  timeZone: string;
}

export function sessionClock(c: Context<AppEnv>): ParticipantClock {
  const { user, cohort } = currentAuth(c);
  const timeZone = userTimeZone(user.timeZone);
  return { place: cohort, today: calendarDay(new Date(), timeZone), timeZone };
}
