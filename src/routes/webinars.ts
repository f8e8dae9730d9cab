// The upcoming webinars as a calendar file (Apple and Download in the webinar dialog): a
// participant's current cohort's (decision 37), read with the session; for an anonymous visitor,
// the schedule of the cohort a sign-up would join now.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listSignUpCohortWebinars } from '../data/webinars';
import { calendarFile } from '../domain/calendar-file';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../domain/product';
import { webinarsForViewer } from '../domain/webinar-access';
import { CALENDAR_FILE } from '../paths';
import { loadAuth } from '../server/auth-session';
import { coachDay } from '../server/coach-day';
import { upcomingWebinars } from '../server/page-reads';

export const webinarRoutes = new Hono<AppEnv>().get(`/${CALENDAR_FILE}`, async (c) => {
  // Anyone may download the schedule; the join link is only for members with an active plan
  // (decision 26), so the file differs per visitor and no shared cache keeps it.
  const auth = await loadAuth(c, ['webinars']);
  const upcoming = auth ? await upcomingWebinars(c) : webinarsForViewer(await listSignUpCohortWebinars(c.get('db'), coachDay(c)), null);
  const file = calendarFile(upcoming, { productName: PRODUCT_NAME, productSlug: PRODUCT_SLUG });
  return c.body(file, 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="${CALENDAR_FILE}"`,
    'cache-control': 'private, no-cache',
  });
});
