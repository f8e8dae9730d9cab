// The signed-in pages that only read: /next-steps, /faq and /replays.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listUpcomingWebinars, listWebinarsByTime } from '../data/webinars';
import { outboundLinks } from '../domain/links';
import { PATHS } from '../paths';
import { currentAuth, requireUserPage, requireAccessPage } from '../server/guards';
import { FaqPage } from '../views/FaqPage';
import { NextStepsPage } from '../views/NextStepsPage';
import { renderPage } from '../views/render';
import { ReplaysPage } from '../views/ReplaysPage';

export const infoPageRoutes = new Hono<AppEnv>()
  .get(PATHS.nextSteps, requireUserPage, requireAccessPage('challenge', 'Next Steps'), async (c) => {
    const { mastermind, innerCircle, premium } = outboundLinks(c.env.OUTBOUND_LINKS);
    const webinars = await listUpcomingWebinars(c.get('db'));
    return renderPage(c, <NextStepsPage auth={currentAuth(c)} webinars={webinars} links={{ mastermind, innerCircle, premium }} />, { title: 'Next Steps' });
  })

  .get(PATHS.faq, requireUserPage, async (c) => {
    const webinars = await listUpcomingWebinars(c.get('db'));
    return renderPage(c, <FaqPage auth={currentAuth(c)} webinars={webinars} />, { title: 'FAQ' });
  })

  .get(PATHS.replays, requireUserPage, requireAccessPage('challenge', 'Replays'), async (c) => {
    const { upcoming, past } = await listWebinarsByTime(c.get('db'));
    return renderPage(c, <ReplaysPage auth={currentAuth(c)} upcoming={upcoming} past={past} />, { title: 'Webinar Replays' });
  });
