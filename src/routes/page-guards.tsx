// Plan access for pages: a plan that does not open a page gets a 403 with the access notice.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { hasAccess, type Access } from '../domain/plans';
import { currentAuth } from '../server/guards';
import { listUpcomingWebinars } from '../data/webinars';
import { AccessNotice } from '../views/AccessNotice';
import { renderPage } from '../views/render';
import { Shell } from '../views/Shell';

export function requireAccessPage(access: Access, title: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = currentAuth(c);
    if (hasAccess(auth.membership, access)) return next();
    const webinars = await listUpcomingWebinars(c.get('db'));
    return renderPage(
      c,
      <Shell auth={auth} webinars={webinars}>
        <AccessNotice access={access} />
      </Shell>,
      { title, status: 403 },
    );
  };
}
