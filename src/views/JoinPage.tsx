// /join and /join/:cohort (decision 41, docs/product.md#joining-and-paying): a public page a coach
// can share, server-rendered with no island: the challenge in a few lines, the plans with their
// prices, and the cohorts open for enrolment with their dates, seats and webinar times, each with
// its 'Join' form. Never a webinar's join link (decision 26): PublicCohort carries none.
import type { PublicCohort } from '../data/cohort-public';
import { ARENAS } from '../domain/arenas';
import { cohortLastDay, cohortState } from '../domain/cohorts';
import type { PlanOffer } from '../domain/plan-offers';
import { PLAN_LABELS, type Plan } from '../domain/plans';
import { PRODUCT_NAME, TAGLINE } from '../domain/product';
import { SESSIONS } from '../domain/session-status';
import { formatCalendarDay } from '../domain/time-zone';
import { webinarLabels } from '../domain/webinars';
import { PATHS } from '../paths';

const JOIN_DESCRIPTION = `${TAGLINE}: score the seven arenas of your life, pick a Keystone, and work through four weekly sessions with live coaching webinars.`;

export interface JoinPageProps {
  cohorts: PublicCohort[];
  /** /join/:cohort: the one cohort shared. */
  single: boolean;
  offers: PlanOffer[];
  /** The plan the Join forms start on. */
  plan: Plan | null;
  /** The zone webinar times are shown in: the member's own, else the coaches'. */
  timeZone: string;
  zoneNote: string;
  /** Signed in: their address, and the cohort they are in now. */
  member: { email: string; cohortId: string | null } | null;
  today: string;
  /** The page's own address, for link previews. */
  url: string;
}

function seatsText(cohort: PublicCohort): string {
  if (cohort.seatsLeft === null) return 'Open seats';
  if (cohort.seatsLeft === 0) return 'Waitlist';
  return `${cohort.seatsLeft} seat${cohort.seatsLeft === 1 ? '' : 's'} left`;
}

function CohortCard({ cohort, props }: { cohort: PublicCohort; props: JoinPageProps }) {
  const year = props.today.slice(0, 4);
  const state = cohortState(cohort.startDate, props.today);
  const inIt = props.member?.cohortId === cohort.id;
  const headingId = `cohort-${cohort.id}`;
  return (
    <section className="card join-cohort" aria-labelledby={headingId}>
      <h3 id={headingId} className="card-title">
        {cohort.name}
      </h3>
      <p className="join-dates">
        {cohort.pacing === 'self-paced' ? 'Self-paced · ' : ''}
        {state === 'running' ? 'Started ' : 'Starts '}
        {formatCalendarDay(cohort.startDate, year)}, ends {formatCalendarDay(cohortLastDay(cohort.startDate), year)}
      </p>
      <p>
        <span className={cohort.seatsLeft === 0 ? 'badge badge-warning' : 'badge badge-success'}>{seatsText(cohort)}</span>
      </p>
      {cohort.webinars.length > 0 && (
        <ul className="join-webinars" aria-label={`Webinars of ${cohort.name}`}>
          {cohort.webinars.map((w) => {
            const label = webinarLabels(w.startTime, new Date(), props.timeZone);
            return <li key={w.startTime}>{`${label.day}, ${label.time}`}</li>;
          })}
        </ul>
      )}
      {inIt ? (
        <p className="join-note">You are in this cohort.</p>
      ) : (
        <form method="post" action={`${PATHS.join}/${encodeURIComponent(cohort.id)}`} className="join-form">
          {props.offers.length > 0 && (
            <label>
              <span>Plan</span>
              <select name="plan" defaultValue={props.plan ?? undefined}>
                {props.offers.map((o) => (
                  <option key={o.plan} value={o.plan}>
                    {PLAN_LABELS[o.plan]} · {o.price}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" className="button button-primary" data-busy-label="Joining...">
            Join
          </button>
        </form>
      )}
    </section>
  );
}

export function JoinPage(props: JoinPageProps) {
  const title = props.single && props.cohorts[0] ? `Join ${props.cohorts[0].name}` : `Join ${PRODUCT_NAME}`;
  return (
    <main id="main" className="join">
      {/* React hoists these into the head: a title and description for search engines and link previews. */}
      <meta name="description" content={JOIN_DESCRIPTION} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:title" content={`${title} · ${TAGLINE}`} />
      <meta property="og:description" content={JOIN_DESCRIPTION} />
      <meta property="og:url" content={props.url} />
      <link rel="canonical" href={props.url} />
      <header className="join-intro">
        <p className="join-brand">{PRODUCT_NAME}</p>
        <h1>{title}</h1>
        <p className="join-tagline">{TAGLINE}.</p>
        <p>
          Score the seven arenas of your life ({ARENAS.join(', ')}), see your wheel, choose the Keystone you will work on, and meet your
          coaches live every week.
        </p>
      </header>
      <section className="card" aria-labelledby="join-weeks">
        <h2 id="join-weeks" className="card-title">
          The four weeks
        </h2>
        <ol className="join-weeks">
          {SESSIONS.map((s) => (
            <li key={s.number}>
              <strong>
                {s.badge}: {s.title}
              </strong>{' '}
              {s.summary}
            </li>
          ))}
        </ol>
      </section>
      {props.offers.length > 0 && (
        <section className="card" aria-labelledby="join-plans">
          <h2 id="join-plans" className="card-title">
            Plans
          </h2>
          <ul className="join-plans">
            {props.offers.map((o) => (
              <li key={o.plan}>
                <strong>{PLAN_LABELS[o.plan]}</strong> <span>{o.price}</span>
              </li>
            ))}
          </ul>
          <p className="join-note">Paid plans are paid securely with Stripe. Your seat is held for 30 minutes while you pay.</p>
        </section>
      )}
      <section aria-labelledby="join-cohorts" className="join-cohorts">
        <h2 id="join-cohorts">{props.single ? 'The cohort' : 'Upcoming cohorts'}</h2>
        <p className="join-note">Webinar times are in {props.zoneNote}.</p>
        {props.cohorts.length === 0 ? (
          <p>No cohort is open for enrolment right now. Please check back soon.</p>
        ) : (
          props.cohorts.map((cohort) => <CohortCard key={cohort.id} cohort={cohort} props={props} />)
        )}
        {props.single && (
          <p>
            <a href={PATHS.join}>See every cohort</a>
          </p>
        )}
      </section>
      <p className="join-note">
        {props.member ? (
          <>
            Signed in as {props.member.email}. <a href={PATHS.dashboard}>Go to your dashboard</a>
          </>
        ) : (
          <>
            Already have an account? <a href={PATHS.login}>Log in</a>
          </>
        )}
      </p>
    </main>
  );
}
