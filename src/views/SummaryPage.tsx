// /summary (docs/product.md#summary-and-data-export): total out of 70, the
// keystone, the real check-in streak, the wheel, the first and latest wheels compared when
// Session 1 was retaken, and 'Download My Progress'. Locked until Session 1 is done.
import { WheelChart } from '../components/WheelChart';
import { ARENA_COLORS, ARENA_ICONS, ARENAS, type Arena } from '../domain/arenas';
import { streakDays } from '../domain/check-ins';
import { TOTAL_MAX, formatScore, totalScore, weakestArena } from '../domain/scoring';
import { DEFAULT_TIME_ZONE, calendarDay, formatCalendarDay } from '../domain/time-zone';
import type { Webinar } from '../domain/webinars';
import { sessionPath } from '../paths';
import type { Auth } from '../data/auth-sessions';
import { Shell } from './Shell';
import { TableHead } from './TableHead';

export interface WheelSnapshot {
  scores: Record<Arena, number>;
  completedAt: string;
}

export interface SummaryPageProps {
  auth: Auth;
  webinars: Webinar[];
  session1: { scores: Record<Arena, number>; keystoneArena: string | null; completedAt: string } | null;
  streak: number;
  /** The first and the latest Session 1 wheels, when there are two or more. */
  history: { first: WheelSnapshot; latest: WheelSnapshot } | null;
  downloadUrl: string;
  /** The user's zone, for the dates of the wheels. */
  timeZone?: string;
}

function wheelItems(scores: Record<Arena, number>) {
  return ARENAS.map((arena) => ({ name: arena, value: scores[arena], color: ARENA_COLORS[arena] }));
}

/** The day a wheel was completed, in the user's zone ('Nov 3, 2026'); the raw text if unreadable. */
function completedOn(iso: string, timeZone: string): string {
  try {
    return formatCalendarDay(calendarDay(new Date(iso), timeZone));
  } catch {
    return iso;
  }
}

/** '+1.2', '−0.5' (a real minus sign) or '0.0': the sign is in the text, not only in a colour. */
export function formatChange(from: number, to: number): string {
  const change = Math.round((to - from) * 10) / 10;
  if (change > 0) return `+${formatScore(change)}`;
  if (change < 0) return `−${formatScore(-change)}`;
  return formatScore(0);
}

function changeClass(from: number, to: number): string {
  const change = Math.round((to - from) * 10) / 10;
  return change > 0 ? 'change change-up' : change < 0 ? 'change change-down' : 'change';
}

function DownloadButton({ href }: { href: string }) {
  return (
    <a className="button button-outline" href={href} download>
      Download My Progress
    </a>
  );
}

function Comparison({ history, timeZone }: { history: { first: WheelSnapshot; latest: WheelSnapshot }; timeZone: string }) {
  const { first, latest } = history;
  const firstOn = completedOn(first.completedAt, timeZone);
  const latestOn = completedOn(latest.completedAt, timeZone);
  const firstTotal = totalScore(first.scores);
  const latestTotal = totalScore(latest.scores);
  return (
    <section className="card" aria-labelledby="compare-title">
      <h2 id="compare-title" className="card-title">
        Your Progress Since Your First Wheel
      </h2>
      <div className="wheel-compare">
        {[
          { label: 'First', on: firstOn, scores: first.scores },
          { label: 'Latest', on: latestOn, scores: latest.scores },
        ].map(({ label, on, scores }) => (
          <figure key={label}>
            <WheelChart items={wheelItems(scores)} weakest={weakestArena(scores)} size={280} title={`${label} wheel, ${on}`} />
            <figcaption>
              {label} · <span className="muted">{on}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="muted small">Change per arena from your first to your latest wheel</caption>
          <TableHead columns={['Arena', 'First', 'Latest', 'Change']} />
          <tbody>
            {ARENAS.map((arena) => (
              <tr key={arena}>
                <th scope="row">
                  <span aria-hidden="true">{ARENA_ICONS[arena]}</span> {arena}
                </th>
                <td>{formatScore(first.scores[arena])}</td>
                <td>{formatScore(latest.scores[arena])}</td>
                <td className={changeClass(first.scores[arena], latest.scores[arena])}>{formatChange(first.scores[arena], latest.scores[arena])}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatScore(firstTotal)}</td>
              <td>{formatScore(latestTotal)}</td>
              <td className={changeClass(firstTotal, latestTotal)}>{formatChange(firstTotal, latestTotal)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

export function SummaryPage({ auth, webinars, session1, streak, history, downloadUrl, timeZone = DEFAULT_TIME_ZONE }: SummaryPageProps) {
  return (
    <Shell auth={auth} webinars={webinars} active="summary">
      <div className="page-header">
        <div>
          <h1 className="page-title">Your Summary</h1>
          <p className="page-subtitle">Where you stand across the seven arenas, and how far you have come.</p>
        </div>
        <DownloadButton href={downloadUrl} />
      </div>
      {session1 ? (
        <>
          <dl className="summary-stats">
            <div className="card">
              <dt>Total Score</dt>
              <dd>
                {formatScore(totalScore(session1.scores))} / {TOTAL_MAX}
              </dd>
            </div>
            <div className="card">
              <dt>Keystone Focus</dt>
              <dd>{session1.keystoneArena ?? 'Not set'}</dd>
            </div>
            <div className="card">
              <dt>Check-In Streak</dt>
              <dd>{streakDays(streak)}</dd>
            </div>
          </dl>
          <section className="card summary-wheel" aria-labelledby="summary-wheel-title">
            <h2 id="summary-wheel-title" className="card-title">
              Your Wheel
            </h2>
            <p className="card-subtitle">Completed on {completedOn(session1.completedAt, timeZone)}</p>
            <WheelChart items={wheelItems(session1.scores)} keystone={session1.keystoneArena} weakest={weakestArena(session1.scores)} />
          </section>
          {history && <Comparison history={history} timeZone={timeZone} />}
        </>
      ) : (
        <section className="card wheel-locked" aria-labelledby="summary-locked-title">
          <h2 id="summary-locked-title" className="card-title">
            Summary Locked
          </h2>
          <p className="muted">Complete Session 1 - Wheel of Truth to see your scores, your Keystone focus and your wheel.</p>
          <p>Check-in streak: {streakDays(streak)}</p>
          <a className="button button-primary" href={sessionPath(1)}>
            Go to Session 1
          </a>
        </section>
      )}
    </Shell>
  );
}
