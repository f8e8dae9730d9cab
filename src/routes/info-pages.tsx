// The signed-in pages that only read: /next-steps, /faq and /replays.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { outboundLinks } from '../domain/links';
import { currentPlan } from '../domain/plans';
import { PATHS } from '../paths';
import { currentAuth, requireUserPage } from '../server/guards';
import { pastWebinars, upcomingWebinars } from '../server/page-reads';
import { offeredPlans } from '../server/plan-config';
import { nextStepsUpgrades } from '../server/upgrades';
import { FaqPage } from '../views/FaqPage';
import { NextStepsPage } from '../views/NextStepsPage';
import { ReplaysPage } from '../views/ReplaysPage';
import { renderPage } from '../views/render-page';

export const infoPageRoutes = new Hono<AppEnv>()
  .get(PATHS.nextSteps, requireUserPage({ access: 'challenge' }), async (c) => {
    const { mastermind, innerCircle, premium } = outboundLinks(c.env.OUTBOUND_LINKS);
    const webinars = await upcomingWebinars(c);
    const auth = currentAuth(c);
    const upgrades = nextStepsUpgrades(currentPlan(auth.membership), offeredPlans(c.env));
    return renderPage(
      c,
      <NextStepsPage auth={auth} webinars={webinars} links={{ mastermind, innerCircle, premium }} upgrades={upgrades} />,
      {
        title: 'Next Steps',
      },
    );
  })

  .get(PATHS.faq, requireUserPage(), async (c) => {
    const webinars = await upcomingWebinars(c);
    return renderPage(c, <FaqPage auth={currentAuth(c)} webinars={webinars} />, { title: 'FAQ' });
  })

  // Decision 37: the past webinars of every cohort the participant has been in, read with the
  // session; the frame's dialog shows their current cohort's upcoming ones.
  .get(PATHS.replays, requireUserPage({ access: 'challenge', reads: ['pastWebinars'] }), async (c) => {
    const [upcoming, past] = await Promise.all([upcomingWebinars(c), pastWebinars(c)]);
    return renderPage(c, <ReplaysPage auth={currentAuth(c)} upcoming={upcoming} past={past} />, { title: 'Webinar Replays' });
  });
