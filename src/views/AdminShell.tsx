// The admin screens' frame (docs/product.md#admin-screens): their own nav bar around the page.
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../domain/product';
import { PATHS } from '../paths';
import { Island } from './islands';
import { MenuScript } from './MenuScript';
import { MenuToggle } from './MenuToggle';

export type AdminSection = 'cohort' | 'cohorts' | 'users' | 'announcements' | 'webhooks' | 'mail' | 'webinars';

const SECTIONS: { key: AdminSection; label: string; href: string }[] = [
  { key: 'cohort', label: 'Cohort', href: PATHS.adminCohort },
  { key: 'cohorts', label: 'Cohorts', href: PATHS.adminCohorts },
  { key: 'users', label: 'Users', href: PATHS.adminUsers },
  { key: 'announcements', label: 'Announcements', href: PATHS.adminAnnouncements },
  { key: 'webhooks', label: 'Webhooks', href: PATHS.adminWebhooks },
  { key: 'mail', label: 'Mail', href: PATHS.adminMail },
  { key: 'webinars', label: 'Webinars', href: PATHS.adminWebinars },
];

const ADMIN_MENU_ID = 'admin-menu';

export function AdminShell({ active, children }: { active: AdminSection; children: ReactNode }) {
  return (
    <>
      <header className="navbar">
        <div className="navbar-inner">
          <a className="brand" href={PATHS.adminUsers}>
            {PRODUCT_NAME} Admin
          </a>
          {/* Folds into a menu button on small screens, like the member bar (Shell.tsx). */}
          <MenuToggle menuId={ADMIN_MENU_ID} />
          <div id={ADMIN_MENU_ID} popover="auto" className="nav-panel menu-popover">
            <nav aria-label="Admin" className="nav-links">
              {SECTIONS.map((section) => (
                <a key={section.key} className="nav-link" href={section.href} aria-current={active === section.key ? 'page' : undefined}>
                  {section.label}
                </a>
              ))}
              <a className="nav-link" href={PATHS.dashboard}>
                Back to Dashboard
              </a>
            </nav>
            <Island name="LogoutButton" props={{ className: 'button button-outline button-small' }} />
          </div>
        </div>
        <MenuScript />
      </header>
      <main id="main" className="container">
        {children}
      </main>
    </>
  );
}
