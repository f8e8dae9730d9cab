// The private calendar feed (docs/product.md#reminders-and-mail): /calendar/{secret}.ics, which a
// calendar app subscribes to (webcal://) and polls. No sign-in: the signed secret names the user
// and the address's version, and an address from before a 'Reset link' answers 404.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { feedContent } from '../data/calendar-feeds';
import { calendarFeed } from '../domain/calendar-file';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../domain/product';
import { webinarsForViewer } from '../domain/webinar-access';
import { readFeedToken } from '../mail/links';
import { PATHS } from '../paths';

const FEED_FILE = /^([A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{1,100})\.ics$/;

export const calendarFeedRoutes = new Hono<AppEnv>().get(`${PATHS.calendarFeed}/:file`, async (c) => {
  const token = FEED_FILE.exec(c.req.param('file'))?.[1];
  const feed = token ? await readFeedToken(c.env.JWT_SECRET, token) : null;
  const content = feed ? await feedContent(c.get('db'), feed.userId) : null;
  if (!feed || !content || content.version !== feed.version) return c.notFound();
  // The join link only for members with an active plan (decision 26), as everywhere else.
  const upcoming = webinarsForViewer(content.upcoming, content.membership);
  const file = calendarFeed(upcoming, content.cancelled, { productName: PRODUCT_NAME, productSlug: PRODUCT_SLUG });
  return c.body(file, 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `inline; filename="${PRODUCT_SLUG}-webinars.ics"`,
    'cache-control': 'private, no-cache',
  });
});
