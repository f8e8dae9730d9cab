// The upcoming webinars as a calendar file (Apple and Download in the webinar dialog).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listUpcomingWebinars } from '../data/webinars';
import { calendarFile } from '../domain/calendar-file';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../domain/product';
import { CALENDAR_FILE } from '../paths';

export const webinarRoutes = new Hono<AppEnv>().get(`/${CALENDAR_FILE}`, async (c) => {
  const upcoming = await listUpcomingWebinars(c.get('db'));
  return c.body(calendarFile(upcoming, { productName: PRODUCT_NAME, productSlug: PRODUCT_SLUG }), 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="${CALENDAR_FILE}"`,
    'cache-control': 'no-cache',
  });
});
