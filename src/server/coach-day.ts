// The coaches' day (decision 35): the calendar day in COACH_TIME_ZONE that cohorts' start dates
// and states are reckoned in, for a route that has the request's environment.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { coachToday } from '../domain/cohort-compare';
import { coachTimeZone } from '../domain/webinars';

export function coachDay(c: Context<AppEnv>, now: Date = new Date()): string {
  return coachToday(now, coachTimeZone(c.env.COACH_TIME_ZONE));
}
