// /admin/cohort?cohort=ID (docs/product.md#the-coachs-desk): one cohort's desk, named in its
// heading, with a selector of cohorts (a plain GET form): who needs attention and why, check-in
// activity, the funnel from sign-up to Session 4, and the cohort's average first and latest wheels
// (the wheel's own drawing, and a table), as of the stored report's time, which the page states,
// with 'Refresh now' (a plain form post), its CSV and a link to the comparison of cohorts. Plain
// server HTML.
import { WheelChart } from '../components/WheelChart';
import { ARENA_COLORS, ARENAS } from '../domain/arenas';
import { type CohortReport, funnelShare } from '../domain/cohort';
import { cohortOptionLabel, cohortStandingLine, type DeskCohort } from '../domain/cohort-compare';
import { type CohortFigures, REPORT_EVERY_MINUTES } from '../domain/cohort-report';
import { formatScore } from '../domain/scoring';
import { deskPath, PATHS } from '../paths';
import { AdminShell } from './AdminShell';
import { CoachWorklist, type WorklistProps } from './CoachWorklist';
import { CohortPicker } from './CohortPicker';
import { TableHead } from './TableHead';

const FUNNEL_STEPS: { key: keyof CohortReport['funnel']; label: string }[] = [
  { key: 'signedUp', label: 'Signed up' },
  { key: 'verified', label: 'Verified email' },
  { key: 'session1', label: 'Session 1 done' },
  { key: 'session2', label: 'Session 2 done' },
  { key: 'session3', label: 'Session 3 done' },
  { key: 'session4', label: 'Session 4 done' },
];

function Funnel({ funnel }: { funnel: CohortReport['funnel'] }) {
  return (
    <ol className="funnel">
      {FUNNEL_STEPS.map(({ key, label }) => {
        const share = funnelShare(funnel[key], funnel.signedUp);
        return (
          <li key={key}>
            <span>{label}</span>
            <span className="funnel-bar" aria-hidden="true">
              <span style={{ inlineSize: `${share}%` }} />
            </span>
            <span className="nowrap">
              {funnel[key]} ({share}%)
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Arenas({ arenas }: { arenas: CohortReport['arenas'] }) {
  const wheel = (pick: 'first' | 'latest') =>
    ARENAS.map((arena) => ({ name: arena, value: arenas[arena][pick] ?? 0, color: ARENA_COLORS[arena] }));
  if (ARENAS.every((arena) => arenas[arena].first === null)) return <p className="muted">No wheels yet: nobody has completed Session 1.</p>;
  return (
    <>
      <div className="admin-wheels">
        <figure className="card admin-wheel">
          <figcaption className="card-title">First wheels, on average</figcaption>
          <WheelChart items={wheel('first')} title="The cohort's first wheels, on average" />
        </figure>
        <figure className="card admin-wheel">
          <figcaption className="card-title">Latest wheels, on average</figcaption>
          <WheelChart items={wheel('latest')} title="The cohort's latest wheels, on average" />
        </figure>
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="muted">Average score per arena, of 10</caption>
          <TableHead columns={['Arena', 'First', 'Latest']} />
          <tbody>
            {ARENAS.map((arena) => (
              <tr key={arena}>
                <th scope="row">{arena}</th>
                <td>{arenas[arena].first === null ? '—' : formatScore(arenas[arena].first!)}</td>
                <td>{arenas[arena].latest === null ? '—' : formatScore(arenas[arena].latest!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Which cohort the desk shows. */
function DeskPicker({ cohorts, shown, today }: { cohorts: readonly DeskCohort[]; shown: DeskCohort; today: string }) {
  const options = cohorts.map((cohort) => ({ id: cohort.id, label: cohortOptionLabel(cohort, today) }));
  return <CohortPicker action={PATHS.adminCohort} selectId="cohort-picker" className="desk-picker" shownId={shown.id} options={options} />;
}

export interface AdminCohortPageProps {
  /** The cohort shown. */
  cohort: DeskCohort;
  /** Every cohort, for the selector (newest first). */
  cohorts: readonly DeskCohort[];
  /** The coaches' day, for the cohorts' states. */
  today: string;
  figures: CohortFigures;
  /** The worklist: a page of who needs attention and is not handled, the most urgent first, with counts per reason. */
  worklist: WorklistProps;
  /** How many need attention in all, handled or not. */
  attentionTotal: number;
  /** When the figures were worked out, in the admin's zone; overdue once a scheduled update was missed. */
  asOf: { label: string; overdue: boolean };
}

export function AdminCohortPage({ cohort, cohorts, today, figures, worklist, attentionTotal, asOf }: AdminCohortPageProps) {
  return (
    <AdminShell active="cohort">
      <div className="desk-bar">
        <DeskPicker cohorts={cohorts} shown={cohort} today={today} />
        <a className="desk-compare" href={PATHS.adminCohortCompare}>
          Compare cohorts
        </a>
      </div>
      <div className="page-header">
        <div>
          <h1 className="page-title">{cohort.name}</h1>
          <p className="page-subtitle">{cohortStandingLine(cohort, today)}</p>
          <p className="page-subtitle">
            Figures as of {asOf.label}, updated every {REPORT_EVERY_MINUTES} minutes.
          </p>
        </div>
        <div className="page-actions">
          <form method="post" action={deskPath(cohort.id)}>
            <button type="submit" className="button button-outline">
              Refresh now
            </button>
          </form>
          <a className="button button-outline" href={deskPath(cohort.id, PATHS.adminCohortCsv)} download>
            Download CSV
          </a>
        </div>
      </div>
      {asOf.overdue && (
        <p className="banner banner-warning" role="status">
          These figures have not been updated since {asOf.label}: the scheduled update may have stopped. Refresh now works them out again.
        </p>
      )}
      <div className="cohort-grid">
        <section className="card" aria-labelledby="activity-title">
          <h2 id="activity-title" className="card-title">
            Check-ins
          </h2>
          <dl className="stat-list">
            <div>
              <dt>Checked in today</dt>
              <dd>{figures.checkIns.today}</dd>
            </div>
            <div>
              <dt>In the last 7 days</dt>
              <dd>{figures.checkIns.last7Days}</dd>
            </div>
            <div>
              <dt>Median streak</dt>
              <dd>
                {figures.checkIns.medianStreak} {figures.checkIns.medianStreak === 1 ? 'day' : 'days'}
              </dd>
            </div>
          </dl>
        </section>
        <section className="card" aria-labelledby="funnel-title">
          <h2 id="funnel-title" className="card-title">
            From sign-up to Session 4
          </h2>
          <Funnel funnel={figures.funnel} />
        </section>
      </div>
      <section className="admin-section" aria-labelledby="worklist">
        <h2 id="worklist" className="section-title">
          Needs attention ({attentionTotal})
        </h2>
        <div className="card">
          <CoachWorklist {...worklist} />
        </div>
      </section>
      <section className="admin-section" aria-labelledby="arenas-title">
        <h2 id="arenas-title" className="section-title">
          The seven arenas
        </h2>
        <Arenas arenas={figures.arenas} />
      </section>
    </AdminShell>
  );
}
