// The signed-in frame: top navigation bar (brand, plan badge, links gated by plan, Join Webinar,
// account menu) around the page. Plain HTML: menus are popovers, dialogs are native <dialog>s.

import { type ReactNode, use } from 'react';
import { Address } from '../components/Address';
import { opensDialog } from '../components/dialog-invoker';
import type { Auth } from '../data/auth-sessions';
import { type Access, hasAccess, PLAN_LABELS, planBadge, requiresPlanMessage } from '../domain/plans';
import { PRODUCT_NAME } from '../domain/product';
import { userTimeZone } from '../domain/time-zone';
import type { Webinar } from '../domain/webinars';
import { PATHS } from '../paths';
import { FrameContext } from './frame-context';
import { GraceBanner, graceEndDay } from './GraceBanner';
import { LogoutForm } from './LogoutForm';
import { MenuScript } from './MenuScript';
import { MenuToggle } from './MenuToggle';
import { ResetDemoDialog } from './ResetDemoDialog';
import { WEBINAR_DIALOG_ID, WebinarDialog } from './WebinarDialog';

export type NavKey = 'dashboard' | 'sessions' | 'checkIns' | 'summary' | 'nextSteps' | 'settings';

const NAV_ITEMS: { key: NavKey; label: string; href: string; access: Access }[] = [
  { key: 'dashboard', label: 'Dashboard', href: PATHS.dashboard, access: 'challenge' },
  { key: 'sessions', label: 'Sessions', href: PATHS.sessions, access: 'challenge' },
  { key: 'checkIns', label: 'Check-Ins', href: PATHS.checkIns, access: 'challenge' },
  { key: 'summary', label: 'Summary', href: PATHS.summary, access: 'challenge' },
];
const NEXT_STEPS = { key: 'nextSteps' as const, label: 'Next Steps', href: PATHS.nextSteps, access: 'challenge' as const };

const RESET_DEMO_DIALOG_ID = 'reset-demo-dialog';

function NavLink({ item, auth, active }: { item: (typeof NAV_ITEMS)[number]; auth: Auth; active?: NavKey }) {
  if (!hasAccess(auth.membership, item.access)) {
    const tipId = `tip-${item.key}`;
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a locked nav item stays in the tab order (aria-disabled) so keyboard users reach it and its tooltip says which plan it needs
      <span className="nav-link nav-link-disabled has-tooltip" aria-disabled="true" tabIndex={0} aria-describedby={tipId}>
        {item.label}
        <span role="tooltip" id={tipId} className="tooltip">
          {requiresPlanMessage(item.access)}
        </span>
      </span>
    );
  }
  return (
    <a className="nav-link" href={item.href} aria-current={active === item.key ? 'page' : undefined}>
      {item.label}
    </a>
  );
}

const MAIN_MENU_ID = 'main-menu';
const ACCOUNT_MENU_ID = 'account-menu';
const ACCOUNT_BUTTON_ID = 'account-menu-button';

/**
 * One row, at most 64 px tall. On small screens the links and 'Join Webinar' fold into the menu
 * button; both menus are popovers, so they open without JavaScript and close on an outside click
 * or Escape (frame.css decides when the links show inline instead).
 */
function NavBar({ auth, active }: { auth: Auth; active?: NavKey }) {
  const { demoTools } = use(FrameContext);
  const items = hasAccess(auth.membership, NEXT_STEPS.access) ? [...NAV_ITEMS, NEXT_STEPS] : NAV_ITEMS;
  // Where the wall is, the way past it (decision 41): one link to the plan the locked items need.
  const locked = items.find((item) => !hasAccess(auth.membership, item.access));
  return (
    <header className="navbar">
      <div className="navbar-inner">
        <a className="brand" href={PATHS.dashboard}>
          {PRODUCT_NAME}
        </a>
        <span className="badge" title="Your plan">
          {planBadge(auth.membership)}
        </span>
        <MenuToggle menuId={MAIN_MENU_ID} />
        <div id={MAIN_MENU_ID} popover="auto" className="nav-panel menu-popover">
          <nav aria-label="Main" className="nav-links">
            {items.map((item) => (
              <NavLink key={item.key} item={item} auth={auth} active={active} />
            ))}
            {locked && (
              <a className="nav-link nav-upgrade" href={`${PATHS.upgrade}/${locked.access}`}>
                {`Upgrade to ${PLAN_LABELS[locked.access]}`}
              </a>
            )}
          </nav>
          <button type="button" className="button button-primary button-small" {...opensDialog(WEBINAR_DIALOG_ID)}>
            Join Webinar
          </button>
        </div>
        <button type="button" id={ACCOUNT_BUTTON_ID} className="menu-trigger" popoverTarget={ACCOUNT_MENU_ID} aria-label="Account menu">
          <span aria-hidden="true" className="avatar">
            {(auth.user.name ?? auth.user.email).slice(0, 1).toUpperCase()}
          </span>
        </button>
        <div id={ACCOUNT_MENU_ID} popover="auto" className="menu-panel menu-popover">
          <p className="menu-label">{auth.user.email}</p>
          {auth.user.role === 'admin' && (
            <a className="menu-item" href={PATHS.admin}>
              Admin Panel
            </a>
          )}
          <a className="menu-item" href={PATHS.settings} aria-current={active === 'settings' ? 'page' : undefined}>
            Settings
          </a>
          {/* Opening a modal dialog closes the menu first (the browser hides open popovers).
              Demo tools exist only outside production (decision 30). */}
          {demoTools && (
            <button type="button" className="menu-item" {...opensDialog(RESET_DEMO_DIALOG_ID)}>
              Reset Demo Data
            </button>
          )}
          <LogoutForm className="menu-item" />
        </div>
      </div>
      <MenuScript />
    </header>
  );
}

export function Shell({ auth, active, webinars, children }: { auth: Auth; active?: NavKey; webinars: Webinar[]; children: ReactNode }) {
  const graceUntil = graceEndDay(auth.membership, auth.user.timeZone);
  const { demoTools, returnTo } = use(FrameContext);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar auth={auth} active={active} />
      <main id="main" className="container">
        {!auth.user.emailVerifiedAt && <VerifyEmailBanner email={auth.user.email} />}
        {graceUntil && <GraceBanner until={graceUntil} />}
        {children}
      </main>
      {/* The bar's dialogs come after the page, so their <h2> titles follow its <h1> in the
          document's outline (a modal dialog shows in the top layer wherever it sits). */}
      <WebinarDialog webinars={webinars} timeZone={userTimeZone(auth.user.timeZone)} />
      {demoTools && <ResetDemoDialog id={RESET_DEMO_DIALOG_ID} returnFocusTo={ACCOUNT_BUTTON_ID} returnTo={returnTo ?? PATHS.dashboard} />}
    </>
  );
}

/** Until the address is confirmed (docs/product.md#email-verification); the app works meanwhile. */
function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <form method="post" action={PATHS.verifyEmail} className="banner banner-info verify-banner" aria-labelledby="verify-banner-title">
      <p>
        <strong id="verify-banner-title">Verify your email</strong> — we sent a link to <Address address={email} />.{' '}
        {/* Phones drop this sentence, so the banner stays one short row above the page. */}
        <span className="verify-banner-more">Open it to confirm your address.</span>
      </p>
      <button type="submit" className="button button-outline button-small">
        Resend link
      </button>
    </form>
  );
}
