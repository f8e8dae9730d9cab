// /admin/cohorts/compare (docs/product.md#the-coachs-desk): every cohort side by side, one row
// each, from its stored report: members, completion (Session 4), the median current streak and the
// wheel gain per arena. A real table (a screen reader reads it as one), scrolling inside its own
// focusable container on a phone. Plain server HTML.
import { ARENAS } from '../domain/arenas';
import { type ComparedCohort, gainText } from '../domain/cohort-compare';
import { REPORT_EVERY_MINUTES } from '../domain/cohort-report';
import { formatCalendarDay } from '../domain/time-zone';
import { deskPath, PATHS } from '../paths';
import { AdminShell } from './AdminShell';
import { TableHead } from './TableHead';

const COLUMNS = ['Cohort', 'Starts', 'Members', 'Completed Session 4', 'Median streak', ...ARENAS.map((arena) => `${arena} gain`)];

function Row({ cohort, year }: { cohort: ComparedCohort; year: string }) {
  return (
    <tr>
      <th scope="row">
        <a href={deskPath(cohort.id)}>{cohort.name}</a> <span className="muted">({cohort.state})</span>
      </th>
      <td>
        <time dateTime={cohort.startDate}>{formatCalendarDay(cohort.startDate, year)}</time>
      </td>
      {cohort.members === null ? (
        <td colSpan={3 + ARENAS.length} className="muted">
          Not worked out yet: the next update (every {REPORT_EVERY_MINUTES} minutes) brings it.
        </td>
      ) : (
        <>
          <td>{cohort.members}</td>
          <td>
            {cohort.completion!.completed} ({cohort.completion!.percent}%)
          </td>
          <td>
            {cohort.medianStreak} {cohort.medianStreak === 1 ? 'day' : 'days'}
          </td>
          {ARENAS.map((arena) => (
            <td key={arena}>{gainText(cohort.gain!.arenas[arena])}</td>
          ))}
        </>
      )}
    </tr>
  );
}

export interface AdminCohortComparePageProps {
  cohorts: readonly ComparedCohort[];
  /** The coaches' day: dates in its year are written without one. */
  today: string;
}

export function AdminCohortComparePage({ cohorts, today }: AdminCohortComparePageProps) {
  return (
    <AdminShell active="cohort">
      <div className="page-header">
        <div>
          <h1 className="page-title">Cohorts compared</h1>
          <p className="page-subtitle">
            Every cohort side by side, from its stored figures (updated every {REPORT_EVERY_MINUTES} minutes).
          </p>
        </div>
        <div className="page-actions">
          <a className="button button-outline" href={PATHS.adminCohort}>
            Back to the desk
          </a>
        </div>
      </div>
      {cohorts.length === 0 ? (
        <p className="muted">No cohorts yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        <section className="table-wrap" tabIndex={0} aria-labelledby="compare-caption">
          <table className="table compare-table">
            <caption id="compare-caption" className="muted">
              Members, Session 4 completion, median current streak and wheel gain per arena (latest wheel minus first, of 10) per cohort
            </caption>
            <TableHead columns={COLUMNS} />
            <tbody>
              {cohorts.map((cohort) => (
                <Row key={cohort.id} cohort={cohort} year={today.slice(0, 4)} />
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section className="admin-section compare-notes" aria-labelledby="compare-terms">
        <h2 id="compare-terms" className="section-title">
          What the figures are
        </h2>
        <dl className="compare-terms">
          <dt>Members</dt>
          <dd>The cohort's participants now: those who moved to another cohort count there.</dd>
          <dt>Completed Session 4</dt>
          <dd>How many members completed The Life7 Path, and their share of the members.</dd>
          <dt>Median streak</dt>
          <dd>The median current check-in streak of the members who have ever checked in.</dd>
          <dt>Gain</dt>
          <dd>
            Over the members with at least two wheels, the average of their latest wheel's score in the arena minus their first's; '—' when
            nobody has two.
          </dd>
        </dl>
      </section>
    </AdminShell>
  );
}
