// /summary (docs/product.md#summary-and-data-export): the whole journey. Total out of 70, the
// Keystone, the real check-in streak and consistency, the wheel, the mood of the last four weeks,
// the first and latest wheels compared once Session 1 was retaken, everything the participant
// wrote in the four sessions and the latest check-ins, and 'Download My Progress'.
// Locked until Session 1 is done.
import { MoodLine } from '../components/MoodLine';
import { WheelChart } from '../components/WheelChart';
import type { Auth } from '../data/auth-sessions';
import { ARENA_COLORS, ARENAS, type Arena } from '../domain/arenas';
import { type CheckIn, streakDays } from '../domain/check-ins';
import type { MoodWindow } from '../domain/mood-line';
import type { SessionClock } from '../domain/pacing';
import type { ActionProgress } from '../domain/practice';
import type { ProgressView } from '../domain/progress-view';
import { formatScore, TOTAL_MAX, totalScore, weakestArena } from '../domain/scoring';
import { DEFAULT_TIME_ZONE, formatCalendarDay, formatInstantDay } from '../domain/time-zone';
import type { Webinar } from '../domain/webinars';
import { PATHS, sessionPath } from '../paths';
import { JourneySections } from './JourneySections';
import { PracticeNote, PracticeProgress } from './PracticeProgress';
import { Shell } from './Shell';
import { WheelComparison, type WheelSnapshot } from './WheelComparison';
import { WheelReflections } from './WheelReflections';

export interface SummaryPageProps {
  auth: Auth;
  webinars: Webinar[];
  /** Everything saved in the four sessions. */
  view: ProgressView;
  streak: number;
  /** The consistency score, 0 to 100 (src/domain/consistency.ts). */
  consistency: number;
  /** Each daily action's streak and habit strength once Session 3 is done (decision 38), else null. */
  practice?: ActionProgress[] | null;
  /** The check-ins of the last four weeks, for the mood line. */
  moods: MoodWindow;
  /** The newest check-ins, newest first. */
  recent: CheckIn[];
  /** The first and the latest Session 1 wheels, when there are two or more. */
  history: { first: WheelSnapshot; latest: WheelSnapshot } | null;
  downloadUrl: string;
  /** The participant's cohort and today in their zone: which sessions are open (decision 36). */
  clock: SessionClock;
  /** The user's zone, for the dates of the wheels. */
  timeZone?: string;
}

function wheelItems(scores: Record<Arena, number>) {
  return ARENAS.map((arena) => ({ name: arena, value: scores[arena], color: ARENA_COLORS[arena] }));
}

function DownloadButton({ href }: { href: string }) {
  return (
    <a className="button button-outline" href={href} download>
      Download My Progress
    </a>
  );
}

function MoodCard({ moods }: { moods: MoodWindow }) {
  const caption = 'Your mood on each day you checked in, the last 4 weeks';
  return (
    <section className="card" aria-labelledby="mood-title">
      <h2 id="mood-title" className="card-title">
        Your mood, last 4 weeks
      </h2>
      {moods.checkIns.length === 0 ? (
        <p className="muted">
          No check-ins in the last 4 weeks. <a href={PATHS.checkIns}>Check in today</a> to start your mood line.
        </p>
      ) : (
        <>
          <MoodLine moods={moods} tableNote={`The table '${caption}' lists each one.`} />
          {/* A table does not shrink to the 1 px of .visually-hidden: its box does. */}
          <div className="visually-hidden">
            <table>
              <caption>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Mood (1 to 10)</th>
                </tr>
              </thead>
              <tbody>
                {moods.checkIns.map((c) => (
                  <tr key={c.date}>
                    <th scope="row">{formatCalendarDay(c.date)}</th>
                    <td>{c.mood}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export function SummaryPage({
  auth,
  webinars,
  view,
  streak,
  consistency,
  practice = null,
  moods,
  recent,
  history,
  downloadUrl,
  clock,
  timeZone = DEFAULT_TIME_ZONE,
}: SummaryPageProps) {
  const session1 = view.session1?.completedAt ? view.session1 : null;
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
            <div className="card">
              <dt>Consistency</dt>
              <dd>{consistency} / 100</dd>
            </div>
          </dl>
          <div className="grid-2 summary-grid">
            <section className="card summary-wheel" aria-labelledby="summary-wheel-title">
              <h2 id="summary-wheel-title" className="card-title">
                Your Wheel
              </h2>
              <p className="card-subtitle">Completed on {formatInstantDay(session1.completedAt!, timeZone) ?? session1.completedAt!}</p>
              <WheelChart items={wheelItems(session1.scores)} keystone={session1.keystoneArena} weakest={weakestArena(session1.scores)} />
            </section>
            <MoodCard moods={moods} />
          </div>
          {practice && (
            <section className="card summary-practice" aria-labelledby="summary-practice-title">
              <h2 id="summary-practice-title" className="card-title">
                Your daily actions
              </h2>
              <PracticeProgress progress={practice} headingId="summary-practice-title" />
              <PracticeNote />
            </section>
          )}
          {history && (
            <WheelComparison history={history} keystone={history.first.keystoneArena ?? session1.keystoneArena} timeZone={timeZone} />
          )}
          {history && <WheelReflections first={history.first} latest={history.latest} timeZone={timeZone} />}
          <JourneySections view={view} recent={recent} clock={clock} timeZone={timeZone} />
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
