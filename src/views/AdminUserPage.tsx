// /admin/users/:id, one participant as the coach sees them (docs/product.md#the-coachs-desk): the
// first and latest wheels, the sessions with their answers, the check-ins (mood line and table),
// the grants per source, the audit trail, and every admin action. A temporary password just
// issued shows at the top, once.
import { WheelChart } from '../components/WheelChart';
import type { ParticipantRecord } from '../data/participant';
import { adminTime } from '../domain/admin-time';
import { ARENA_COLORS, ARENAS, type Arena } from '../domain/arenas';
import { describeGrant, SOURCE_LABELS } from '../domain/audit';
import { isGrantActive } from '../domain/grants';
import { membershipAt, PLAN_LABELS } from '../domain/plans';
import { scoresFromJson, toClientView } from '../domain/progress-view';
import { type ArenaScores, formatScore, totalScore } from '../domain/scoring';
import { calendarDay, formatInstantDay, userTimeZone } from '../domain/time-zone';
import { adminNudgePath } from '../paths';
import { AdminShell } from './AdminShell';
import { type ActionFailure, AdminUserActions } from './AdminUserActions';
import { AdminUserCoach, type TimelinePage } from './AdminUserCoach';
import { AdminUserCohort } from './AdminUserCohort';
import { AdminUserPractice } from './AdminUserPractice';
import { AdminUserSessions } from './AdminUserSessions';
import { CheckInLog } from './CheckInLog';
import { Island } from './islands';
import { SecondFactorReset } from './SecondFactorReset';
import { TableHead } from './TableHead';

export interface AdminUserPageProps {
  record: ParticipantRecord;
  /** The moment of the request (ISO), so the page reads the same on the server every time. */
  now: string;
  currentUserId: string;
  issuedPassword: string | null;
  failure: ActionFailure | null;
  /** The coach's part: reasons in words, the timeline's page, the admin's zone (src/views/AdminUserCoach.tsx). */
  coach: { reasons: readonly string[]; timeline: TimelinePage; adminZone: string };
}

const items = (scores: ArenaScores) => ARENAS.map((arena: Arena) => ({ name: arena, value: scores[arena], color: ARENA_COLORS[arena] }));

/** An instant in the admin's zone, the zone named: 'Nov 26, 2026, 3:04 PM PST'. */
function Instant({ iso, zone }: { iso: string | null; zone: string }) {
  if (!iso) return <>—</>;
  return <time dateTime={iso}>{adminTime(iso, zone)}</time>;
}

function Wheels({ record, formatDate }: { record: ParticipantRecord; formatDate: (iso: string) => string }) {
  const [first, second] = record.wheels;
  if (!first) return <p className="muted">No wheel yet: Session 1 is not completed.</p>;
  const latest = second ?? first;
  const firstScores = scoresFromJson(first.arenaScores);
  const latestScores = scoresFromJson(latest.arenaScores);
  const shown = second
    ? [
        { title: 'First wheel', row: first, scores: firstScores },
        { title: 'Latest wheel', row: latest, scores: latestScores },
      ]
    : [{ title: 'Wheel', row: first, scores: firstScores }];
  return (
    <>
      <div className="admin-wheels">
        {shown.map(({ title, row, scores }) => (
          <figure key={title} className="card admin-wheel">
            <figcaption className="card-title">
              {title} <span className="muted">{formatDate(row.completedAt)}</span>
            </figcaption>
            <WheelChart items={items(scores)} keystone={row.keystoneArena} title={`${title} of ${record.user.name ?? record.user.email}`} />
          </figure>
        ))}
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="muted">Arena scores</caption>
          <TableHead columns={second ? ['Arena', 'First', 'Latest'] : ['Arena', 'Score']} />
          <tbody>
            {ARENAS.map((arena) => (
              <tr key={arena}>
                <th scope="row">{arena}</th>
                <td>{formatScore(firstScores[arena])}</td>
                {second && <td>{formatScore(latestScores[arena])}</td>}
              </tr>
            ))}
            <tr>
              <th scope="row">Total (of 70)</th>
              <td>{formatScore(totalScore(firstScores))}</td>
              {second && <td>{formatScore(totalScore(latestScores))}</td>}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}

function Grants({ record, now, zone }: { record: ParticipantRecord; now: Date; zone: string }) {
  if (record.grants.length === 0) return <p className="muted">No grants: this account has no plan.</p>;
  return (
    <div className="table-wrap">
      <table className="table table-cards table-plain">
        <TableHead columns={['Source', 'Plan', 'Status', 'Opens access', 'Last changed']} />
        <tbody>
          {record.grants.map((g) => {
            const active = isGrantActive(g, now);
            return (
              <tr key={`${g.source}:${g.subject}`}>
                <td data-label="Source">
                  {SOURCE_LABELS[g.source]}
                  {g.source !== 'admin' && <span className="muted break-anywhere"> · {g.subject}</span>}
                </td>
                <td data-label="Plan">{g.plan ? PLAN_LABELS[g.plan] : 'Not known yet'}</td>
                <td data-label="Status">{describeGrant(g)?.split(', ').slice(1).join(', ')}</td>
                <td data-label="Opens access">
                  <span className={active ? 'badge badge-success' : 'badge badge-neutral'}>{active ? 'Yes' : 'No'}</span>
                </td>
                <td data-label="Last changed">
                  <Instant iso={g.updatedAt} zone={zone} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function AuditTrail({ record, zone }: { record: ParticipantRecord; zone: string }) {
  if (record.audit.length === 0) return <p className="muted">No changes by an admin or a payment provider yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table table-cards table-plain">
        <caption className="muted">Newest first</caption>
        <TableHead columns={['When', 'Who', 'What', 'From', 'To']} />
        <tbody>
          {record.audit.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rendered once on the server and never reordered; rows can share a timestamp and have no id, so the index tells them apart
            <tr key={`${entry.at}-${i}`}>
              <td data-label="When">
                <Instant iso={entry.at} zone={zone} />
              </td>
              <td data-label="Who" className="break-anywhere">
                {entry.actor}
              </td>
              <td data-label="What">{entry.action}</td>
              <td data-label="From">{entry.from ?? '—'}</td>
              <td data-label="To">{entry.to ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AdminUserPage({ record, now, currentUserId, issuedPassword, failure, coach }: AdminUserPageProps) {
  const { user } = record;
  const at = new Date(now);
  const zone = userTimeZone(user.timeZone);
  const today = calendarDay(at, zone);
  const formatDate = (iso: string) => formatInstantDay(iso, zone, today.slice(0, 4)) ?? iso.slice(0, 10);
  const membership = membershipAt(record.membership, at);
  const adminGrant = record.grants.find((g) => g.source === 'admin' && isGrantActive(g, at));
  const heading = user.name || user.email;
  return (
    <AdminShell active="users">
      <div className="page-header">
        <div>
          <h1 className="page-title break-anywhere">{heading}</h1>
          <p className="muted break-anywhere">
            {user.email} · {user.role} · {membership ? `${PLAN_LABELS[membership.plan]} (${membership.status})` : 'No Plan'} · joined{' '}
            <span className="nowrap">{formatDate(user.createdAt)}</span> · {user.emailVerifiedAt ? 'email verified' : 'email not verified'}{' '}
            · time zone {zone}
          </p>
        </div>
        <a className="button button-primary" href={adminNudgePath(user.id)}>
          Send a nudge
        </a>
      </div>
      {issuedPassword && (
        <section className="card banner-warning issued-password" aria-labelledby="issued-title">
          <h2 className="card-title" id="issued-title">
            Temporary password for {user.email}
          </h2>
          <p className="card-subtitle">
            Give it to them now: it is shown only on this page, until you leave or reload it. They choose their own at the next sign-in.
          </p>
          <Island name="CopyField" props={{ id: 'issued-password', label: 'Temporary password', value: issuedPassword }} />
        </section>
      )}
      <nav className="admin-page-nav" aria-label="On this page">
        <a href="#coach">Worklist and notes</a> <a href="#timeline">Timeline</a> <a href="#cohort">Cohort</a> <a href="#wheels">Wheels</a>{' '}
        <a href="#sessions">Sessions</a> <a href="#check-ins">Check-ins</a> <a href="#grants">Memberships</a>{' '}
        <a href="#audit">Audit trail</a> <a href="#actions">Actions</a>
      </nav>
      <AdminUserCoach
        userId={user.id}
        attention={record.attention}
        notes={record.notes}
        currentUserId={currentUserId}
        failure={failure}
        {...coach}
      />
      <section className="admin-section" aria-labelledby="cohort">
        <h2 id="cohort" className="section-title">
          Cohort
        </h2>
        <AdminUserCohort record={record} today={today} formatDate={formatDate} failure={failure} />
      </section>
      <section className="admin-section" aria-labelledby="wheels">
        <h2 id="wheels" className="section-title">
          Wheels
        </h2>
        <Wheels record={record} formatDate={formatDate} />
      </section>
      <section className="admin-section" aria-labelledby="sessions">
        <h2 id="sessions" className="section-title">
          Sessions
        </h2>
        <AdminUserSessions view={toClientView(record.progress)} formatDate={formatDate} />
      </section>
      <section className="admin-section" aria-labelledby="check-ins">
        <h2 id="check-ins" className="section-title">
          Check-ins
        </h2>
        <AdminUserPractice record={record} today={today} />
        <CheckInLog checkIns={record.checkIns} today={today} />
      </section>
      <section className="admin-section" aria-labelledby="grants">
        <h2 id="grants" className="section-title">
          Memberships
        </h2>
        <Grants record={record} now={at} zone={coach.adminZone} />
      </section>
      <section className="admin-section" aria-labelledby="audit">
        <h2 id="audit" className="section-title">
          Audit trail
        </h2>
        <AuditTrail record={record} zone={coach.adminZone} />
      </section>
      <section className="admin-section" aria-labelledby="actions">
        <h2 id="actions" className="section-title">
          Actions
        </h2>
        <AdminUserActions
          userId={user.id}
          email={user.email}
          role={user.role}
          adminPlan={adminGrant?.plan ?? null}
          self={user.id === currentUserId}
          failure={failure}
        />
        {/* Decision 43: an admin's second factor, and another admin's reset of it. */}
        {(user.role === 'admin' || record.secondFactorOn) && (
          <SecondFactorReset
            userId={user.id}
            email={user.email}
            on={record.secondFactorOn}
            self={user.id === currentUserId}
            failure={failure}
          />
        )}
      </section>
    </AdminShell>
  );
}
