// The signed-in home: welcome, the webinar schedule, the cards the route passes in, and the
// Community & Support links (from configuration) plus the FAQ and replays.
import type { ReactNode } from 'react';
import { opensDialog } from '../components/dialog-invoker';
import type { Auth } from '../data/auth-sessions';
import type { OutboundLinks } from '../domain/links';
import { PRODUCT_NAME } from '../domain/product';
import { userTimeZone } from '../domain/time-zone';
import type { Webinar } from '../domain/webinars';
import { PATHS, sessionPath } from '../paths';
import { SeatHoldNotice } from './SeatHoldNotice';
import { RETAKE_PARAM } from './SessionReview';
import { Shell } from './Shell';
import { WEBINAR_DIALOG_ID, WebinarSchedule } from './WebinarDialog';

function Outbound({ href, children }: { href: string; children: ReactNode }) {
  // A mailto link opens the mail program; in a new tab it would leave an empty tab behind.
  const newTab = href.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' };
  return (
    <a className="button button-outline" href={href} {...newTab}>
      {children}
    </a>
  );
}

/** 'Welcome to Life7, NAME' until anything is completed, then 'Welcome back, NAME' (decision 33). */
function dashboardHeading(name: string | null, firstVisit: boolean): string {
  const greeting = firstVisit ? `Welcome to ${PRODUCT_NAME}` : 'Welcome back';
  return name ? `${greeting}, ${name}` : greeting;
}

/**
 * The re-assessment invitation (docs/product.md#re-assessment): at the end of a weekly cohort's
 * week 4 (four weeks after the first wheel when self-paced), until the wheel is taken again.
 * 'Retake the Wheel of Truth' starts a new wheel at question 1 (`?retake`; decision 39).
 */
export function ReassessmentCard() {
  return (
    <section className="card card-highlight reassess-card" aria-labelledby="reassess-title">
      <h2 id="reassess-title" className="card-title">
        Time to take your wheel again
      </h2>
      <p>
        Four weeks on, score your seven arenas once more. Your summary then sets your first wheel beside the new one and shows what moved
        most.
      </p>
      <a className="button button-primary" href={`${sessionPath(1)}?${RETAKE_PARAM}`}>
        Retake the Wheel of Truth
      </a>
    </section>
  );
}

export interface DashboardPageProps {
  auth: Auth;
  webinars: Webinar[];
  links: OutboundLinks;
  /** Nothing completed yet: the words of a first visit (decision 33). */
  firstVisit: boolean;
  /** Where they stand in their cohort ('Week 2 of 4 · January 2027 · day 9'); null without one. */
  standing?: string | null;
  /** What their place on the waitlist means; null when seated. */
  waitlist?: string | null;
  /** The daily loop, today's check-in (src/views/DailyLoopCard.tsx): the first card. */
  today?: ReactNode;
  /** The 'Sessions Progress' card. */
  progress: ReactNode;
  /** The wheel card: the tall one, so it has a column of its own on wide screens. */
  wheel: ReactNode;
  /** The re-assessment invitation, when it is due: across the top. */
  invitation?: ReactNode;
  /** 'From your coach': announcements not dismissed yet, across the top (src/views/CoachCards.tsx). */
  coach?: ReactNode;
}

/**
 * Wide screens: two columns, the short cards stacked in one and the wheel in the other, so every
 * card is as tall as its content and none stands alone on a row; phones: one column, in reading
 * order (progress, wheel, webinars, links). docs/product.md#look.
 */
export function DashboardPage({
  auth,
  webinars,
  links,
  firstVisit,
  standing,
  waitlist,
  today,
  progress,
  wheel,
  invitation,
  coach,
}: DashboardPageProps) {
  return (
    <Shell auth={auth} webinars={webinars} active="dashboard">
      <div className="page-header">
        <div>
          <h1 className="page-title">{dashboardHeading(auth.user.name, firstVisit)}</h1>
          <p className="page-subtitle">Continue your journey toward balance and growth</p>
          {standing && <p className="cohort-standing">{standing}</p>}
          {waitlist && <p className="pacing-note">{waitlist}</p>}
          <SeatHoldNotice place={auth.cohort} timeZone={userTimeZone(auth.user.timeZone)} />
        </div>
        <button type="button" className="button button-primary" {...opensDialog(WEBINAR_DIALOG_ID)}>
          Join Webinar
        </button>
      </div>
      <div className="dashboard-grid">
        {coach}
        {invitation}
        <div className="dashboard-col">
          {today}
          <div className="dashboard-progress">{progress}</div>
          <section className="card dashboard-upcoming" aria-labelledby="upcoming-title">
            <h2 id="upcoming-title" className="card-title">
              Upcoming Sessions
            </h2>
            <WebinarSchedule webinars={webinars} timeZone={userTimeZone(auth.user.timeZone)} />
          </section>
          <section className="card dashboard-community" aria-labelledby="community-title">
            <h2 id="community-title" className="card-title">
              Community &amp; Support
            </h2>
            <div className="stack-buttons">
              <Outbound href={links.academy}>Mentoring Academy</Outbound>
              <Outbound href={links.community}>Challenge Community</Outbound>
              <Outbound href={links.email}>Email the Team</Outbound>
            </div>
            <p className="muted small">
              <a href={PATHS.replays} target="_blank" rel="noopener">
                Webinar replays
              </a>{' '}
              ·{' '}
              <a href={PATHS.faq} target="_blank" rel="noopener">
                FAQ
              </a>
            </p>
          </section>
        </div>
        <div className="dashboard-col dashboard-wheel">{wheel}</div>
      </div>
    </Shell>
  );
}
