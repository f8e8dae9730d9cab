// The webinar series as a calendar file (Apple and Download in the webinar dialog).
import { Hono } from 'hono';
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import type { AppEnv } from '../app-env';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../domain/product';
import { CALENDAR_FILE } from '../paths';
import { HttpError } from '../server/errors';
import { listWebinars } from '../server/webinars';

function utcDateArray(iso: string): DateArray {
  const d = new Date(iso);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
}

export const webinarRoutes = new Hono<AppEnv>().get(`/${CALENDAR_FILE}`, async (c) => {
  const webinars = await listWebinars(c.get('db'));
  const events: EventAttributes[] = webinars.map((webinar) => ({
    uid: `${webinar.id}@${PRODUCT_SLUG}`,
    title: webinar.title,
    description: webinar.description,
    location: webinar.location,
    url: webinar.joinUrl ?? undefined,
    start: utcDateArray(webinar.startTime),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcDateArray(webinar.endTime),
    endInputType: 'utc',
    endOutputType: 'utc',
    productId: `${PRODUCT_NAME}/webinars`,
  }));
  const { error, value } = createEvents(events);
  if (error || !value) throw new HttpError(500 as never, 'Could not build the calendar file');
  return c.body(value, 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="${CALENDAR_FILE}"`,
  });
});
