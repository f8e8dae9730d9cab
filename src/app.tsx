// The Worker's Hono app: middleware, then one sub-app per resource.
import { type Context, Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env';
import { isDevelopment } from './env';
import { pathForLog } from './paths';
import { accountRoutes } from './routes/account';
import { adminAnnouncementRoutes } from './routes/admin-announcements';
import { adminCoachRoutes } from './routes/admin-coach';
import { adminCohortRoutes } from './routes/admin-cohort';
import { adminCohortCompareRoutes } from './routes/admin-cohort-compare';
import { adminCohortsRoutes } from './routes/admin-cohorts';
import { adminNudgeRoutes } from './routes/admin-nudge';
import { adminUserPageRoutes } from './routes/admin-user';
import { adminUserRoutes } from './routes/admin-users';
import { adminWebhookRoutes } from './routes/admin-webhooks';
import { adminWebinarRoutes } from './routes/admin-webinars';
import { calendarFeedRoutes } from './routes/calendar-feed';
import { checkInRoutes } from './routes/check-ins';
import { coachCardRoutes } from './routes/coach-cards';
import { dashboardRoutes } from './routes/dashboard';
import { demoRoutes } from './routes/demo';
import { devRoutes } from './routes/dev';
import { devCheckoutRoutes } from './routes/dev-checkout';
import { healthRoutes } from './routes/health';
import { infoPageRoutes } from './routes/info-pages';
import { joinRoutes } from './routes/join';
import { mailLogRoutes } from './routes/mail-log';
import { passwordResetRoutes } from './routes/password-reset';
import { reminderLinkRoutes } from './routes/reminder-links';
import { secondFactorRoutes } from './routes/second-factor';
import { session1StepRoutes } from './routes/session1-steps';
import { sessionRoutes } from './routes/sessions';
import { settingsRoutes } from './routes/settings';
import { signInRoutes } from './routes/sign-in';
import { summaryRoutes } from './routes/summary';
import { verifyEmailRoutes } from './routes/verify-email';
import { WEBHOOK_BODY_MAX, webhookReceiverRoutes } from './routes/webhook-receivers';
import { webinarRoutes } from './routes/webinars';
import { limitRequestBody } from './server/body-limit';
import { requireConfig } from './server/config';
import { sameOrigin } from './server/csrf';
import { HttpError } from './server/errors';
import { takeToast } from './server/flash';
import { PlanRequired } from './server/guards';
import { isFormRequest, REQUEST_BODY_MAX } from './server/input';
import { currentRequestId, errorFields, log, requestLog } from './server/log';
import { upcomingWebinars } from './server/page-reads';
import { requestDb } from './server/request-db';
import { AccessNotice } from './views/AccessNotice';
import { ErrorPage, NotFoundPage } from './views/NotFoundPage';
import { renderPage } from './views/render-page';
import { Shell } from './views/Shell';

/** API clients get JSON errors; a browser's form post (even to /api) gets an HTML page. */
function wantsJson(c: Context<AppEnv>): boolean {
  return c.req.path.startsWith('/api/') && !(c.req.method === 'POST' && isFormRequest(c));
}

export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', ...requestLog());
  app.use('*', requireConfig());
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
      referrerPolicy: 'same-origin',
    }),
  );
  // Every answer is for one visitor unless a route says otherwise (static assets never reach here).
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.header('Cache-Control', 'private, no-store');
  });
  app.route('/healthz', healthRoutes);
  // Bodies past their limit are refused before any parsing: the webhook receivers' events may be
  // larger, everything else stops at REQUEST_BODY_MAX. A refused body is drained, not dropped
  // mid-read, so it cannot break the connection for the next request (src/server/body-limit.ts).
  const webhookLimit = { max: WEBHOOK_BODY_MAX, message: 'The event is too large' };
  const requestLimit = { max: REQUEST_BODY_MAX, message: `The request is too large: send at most ${REQUEST_BODY_MAX / 1024} KB` };
  app.use(
    '*',
    limitRequestBody((path) => (path.startsWith('/api/webhooks/') ? webhookLimit : requestLimit)),
  );
  app.use('*', requestDb());
  // The flash is read lazily, by the page that renders (an API call must not use it up).
  app.use('*', async (c, next) => {
    c.set('takeToast', () => takeToast(c));
    await next();
  });
  app.route('/api/webhooks', webhookReceiverRoutes);
  app.use('*', sameOrigin());

  app.use('/dev/*', async (c, next) => {
    if (!isDevelopment(c.env)) return c.notFound();
    await next();
  });
  app.route('/dev', devRoutes);
  // The development checkout sends its checkout to this app's own receiver (decision 41).
  app.route(
    '/',
    devCheckoutRoutes((request, env, ctx) => app.fetch(request, env, ctx)),
  );
  app.route('/api/demo', demoRoutes);
  app.route('/api/webinars', webinarRoutes);
  // Each of these owns its pages and their API, at full paths. Session 1's no-JavaScript steps
  // come before the session pages, which they hand /sessions/1 without a step; the second factor's
  // reset from a participant's page (?action=second-factor) before that page's other actions.
  for (const routes of [
    signInRoutes,
    secondFactorRoutes,
    passwordResetRoutes,
    verifyEmailRoutes,
    settingsRoutes,
    accountRoutes,
    dashboardRoutes,
    session1StepRoutes,
    sessionRoutes,
    checkInRoutes,
    summaryRoutes,
    infoPageRoutes,
    joinRoutes,
    adminCohortRoutes,
    adminCohortCompareRoutes,
    adminCohortsRoutes,
    adminUserRoutes,
    adminUserPageRoutes,
    adminNudgeRoutes,
    adminAnnouncementRoutes,
    coachCardRoutes,
    adminCoachRoutes,
    adminWebhookRoutes,
    adminWebinarRoutes,
    reminderLinkRoutes,
    calendarFeedRoutes,
    mailLogRoutes,
  ]) {
    app.route('/', routes);
  }

  app.notFound((c) => {
    if (wantsJson(c)) return c.json({ message: 'Not found' }, 404);
    return renderPage(c, <NotFoundPage developerHint={isDevelopment(c.env)} />, { title: 'Page Not Found', status: 404 });
  });

  app.onError(async (error, c) => {
    const auth = c.get('auth');
    // A page the member's plan does not open: the access notice in the app's frame, never the content.
    if (error instanceof PlanRequired && auth && !wantsJson(c)) {
      return renderPage(
        c,
        <Shell auth={auth} webinars={await upcomingWebinars(c)}>
          <AccessNotice access={error.access} />
        </Shell>,
        { title: error.title, status: 403 },
      );
    }
    const known = error instanceof HttpError;
    if (!known) log('error', 'Unhandled error', { method: c.req.method, path: pathForLog(c.req.path), ...errorFields(error) });
    const status = known ? error.status : 500;
    const reference = currentRequestId();
    const message = known
      ? error.message
      : `Something went wrong on our side and it has been logged. Please try again in a moment; if it keeps happening, contact support and quote ${reference}.`;
    if (wantsJson(c)) return c.json(known ? error.body() : { message, requestId: reference }, status);
    return renderPage(c, <ErrorPage status={status} message={message} />, { title: 'Error', status });
  });

  return app;
}
