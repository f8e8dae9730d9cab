import type { ReactNode } from 'react';
import type { Webinar } from '../domain/webinars';
import type { Auth } from '../server/auth-session';
import { Shell } from './Shell';
import { WEBINAR_DIALOG_ID, WebinarSchedule } from './WebinarDialog';

export function DashboardPage({ auth, webinars, children }: { auth: Auth; webinars: Webinar[]; children?: ReactNode }) {
  return (
    <Shell auth={auth} webinars={webinars} active="dashboard">
      <div className="page-header">
        <div>
          <h1 className="page-title">Welcome back</h1>
          <p className="page-subtitle">Continue your journey toward balance and growth</p>
        </div>
        <button type="button" className="button button-primary" popoverTarget={WEBINAR_DIALOG_ID}>
          Join Webinar
        </button>
      </div>
      <div className="grid-2">
        {children}
        <section className="card" aria-labelledby="upcoming-title">
          <h2 id="upcoming-title" className="card-title">
            Upcoming Sessions
          </h2>
          <WebinarSchedule webinars={webinars} />
        </section>
      </div>
    </Shell>
  );
}
