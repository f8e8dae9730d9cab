// The upcoming webinars as a calendar file (Apple and Download in the webinar dialog).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listUpcomingWebinars } from '../data/webinars';
import { calendarFile } from '../domain/calendar-file';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../domain/product';
import { webinarsForViewer } from '../domain/webinar-access';
import { CALENDAR_FILE } from '../paths';
import { loadAuth } from '../server/auth-session';

export const webinarRoutes = new Hono<AppEnv>().get(`/${CALENDAR_FILE}`, async (c) => {
  // Anyone may download the schedule; the join link is only for members with an active plan
  // (decision 26), so the file differs per visitor and no shared cache keeps it.
  const [auth, upcoming] = await Promise.all([loadAuth(c), listUpcomingWebinars(c.get('db'))]);
  const file = calendarFile(webinarsForViewer(upcoming, auth?.membership), { productName: PRODUCT_NAME, productSlug: PRODUCT_SLUG });
  return c.body(file, 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="${CALENDAR_FILE}"`,
    'cache-control': 'private, no-cache',
  });
});
