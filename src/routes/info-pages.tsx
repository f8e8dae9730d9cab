// The signed-in pages that only read: /next-steps, /faq and /replays.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listWebinarsByTime } from '../data/webinars';
import { outboundLinks } from '../domain/links';
import { webinarsForViewer } from '../domain/webinar-access';
import { PATHS } from '../paths';
import { currentAuth, requireUserPage } from '../server/guards';
import { upcomingWebinars } from '../server/page-reads';
import { FaqPage } from '../views/FaqPage';
import { NextStepsPage } from '../views/NextStepsPage';
import { ReplaysPage } from '../views/ReplaysPage';
import { renderPage } from '../views/render-page';

export const infoPageRoutes = new Hono<AppEnv>()
  .get(PATHS.nextSteps, requireUserPage({ access: 'challenge' }), async (c) => {
    const { mastermind, innerCircle, premium } = outboundLinks(c.env.OUTBOUND_LINKS);
    const webinars = await upcomingWebinars(c);
    return renderPage(c, <NextStepsPage auth={currentAuth(c)} webinars={webinars} links={{ mastermind, innerCircle, premium }} />, {
      title: 'Next Steps',
    });
  })

  .get(PATHS.faq, requireUserPage(), async (c) => {
    const webinars = await upcomingWebinars(c);
    return renderPage(c, <FaqPage auth={currentAuth(c)} webinars={webinars} />, { title: 'FAQ' });
  })

  .get(PATHS.replays, requireUserPage({ access: 'challenge' }), async (c) => {
    const auth = currentAuth(c);
    const { upcoming, past } = await listWebinarsByTime(c.get('db'));
    // The frame's dialog shows the upcoming ones: the join link only with an active plan (decision 26).
    return renderPage(
      c,
      <ReplaysPage auth={auth} upcoming={webinarsForViewer(upcoming, auth.membership)} past={webinarsForViewer(past, auth.membership)} />,
      { title: 'Webinar Replays' },
    );
  });
