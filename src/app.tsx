// The Worker's Hono app: middleware, then one sub-app per resource.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env';
import { isDevelopment } from './env';
import { API, PATHS } from './paths';
import { demoRoutes } from './routes/demo';
import { healthRoutes } from './routes/health';
import { devRoutes } from './routes/dev';
import { adminApiRoutes } from './routes/admin-api';
import { adminPageRoutes } from './routes/admin-pages';
import { authRoutes } from './routes/auth';
import { checkInApiRoutes, checkInPageRoutes } from './routes/check-ins';
import { infoPageRoutes } from './routes/info-pages';
import { progressFileRoutes, summaryPageRoutes } from './routes/summary';
import { pageRoutes } from './routes/pages';
import { progressRoutes } from './routes/progress';
import { sessionPageRoutes } from './routes/session-pages';
import { webhookReceiverRoutes } from './routes/webhook-receivers';
import { webinarRoutes } from './routes/webinars';
import { requireConfig } from './server/config';
import { sameOrigin } from './server/csrf';
import { HttpError } from './server/errors';
import { replayFormFailure } from './server/form-replay';
import { isFormRequest, REQUEST_BODY_MAX } from './server/input';
import { currentRequestId, errorFields, log, requestLog } from './server/log';
import { requestDb } from './server/request-db';
import { passwordGateApi } from './server/guards';
import { ErrorPage, NotFoundPage } from './views/NotFoundPage';
import { renderPage } from './views/render';

/** API clients get JSON errors; a browser's form post (even to /api) gets an HTML page. */
function wantsJson(c: Context<AppEnv>): boolean {
  return c.req.path.startsWith('/api/') && !(c.req.method === 'POST' && isFormRequest(c));
}

export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', requestLog());
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
  // Webhook receivers read their own, larger bodies (webhook-receivers.ts); everything else is
  // refused past REQUEST_BODY_MAX before any parsing.
  const limitBody = bodyLimit({
    maxSize: REQUEST_BODY_MAX,
    onError: () => {
      throw new HttpError(413, `The request is too large: send at most ${REQUEST_BODY_MAX / 1024} KB`);
    },
  });
  app.use('*', (c, next) => (c.req.path.startsWith('/api/webhooks/') ? next() : limitBody(c, next)));
  app.use('*', requestDb());
  app.route('/api/webhooks', webhookReceiverRoutes);
  app.use('*', sameOrigin());
  app.use('/api/*', passwordGateApi);
  app.use('*', replayFormFailure);

  app.route('/api/auth', authRoutes);
  app.route('/api/admin', adminApiRoutes);
  app.route('/api/demo', demoRoutes);
  app.route(API.checkIns, checkInApiRoutes);
  app.route('/api/progress', progressFileRoutes);
  app.route('/api/progress', progressRoutes);
  app.route('/api/webinars', webinarRoutes);
  app.use('/dev/*', async (c, next) => {
    if (!isDevelopment(c.env)) return c.notFound();
    await next();
  });
  app.route('/dev', devRoutes);
  app.route(PATHS.admin, adminPageRoutes);
  app.route(PATHS.sessions, sessionPageRoutes);
  app.route(PATHS.checkIns, checkInPageRoutes);
  app.route(PATHS.summary, summaryPageRoutes);
  app.route('/', infoPageRoutes);
  app.route('/', pageRoutes);

  app.notFound((c) => {
    if (wantsJson(c)) return c.json({ message: 'Not found' }, 404);
    return renderPage(c, <NotFoundPage />, { title: 'Page Not Found', status: 404 });
  });

  app.onError((error, c) => {
    const known = error instanceof HttpError;
    if (!known) log('error', 'Unhandled error', { method: c.req.method, path: c.req.path, ...errorFields(error) });
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
