// The summary's account of everything the participant wrote, session by session
// (docs/product.md#summary-and-data-export): Session 1's Keystone and reflections, Session 2's
// blockers, Session 3's accelerators, Session 4's target, vision and milestones, and the notes of
// the latest check-ins. A session not done yet says so and links to it when it is open, or says when
// it opens (decision 36); each milestone shows its due date and the day it was marked done.
import type { ReactNode } from 'react';
import { type CheckIn, formatMood } from '../domain/check-ins';
import { gateLabel } from '../domain/cohorts';
import { milestoneDoneLabel, milestoneDueDays, milestoneDueLabel } from '../domain/milestones';
import { type SessionClock, sessionStatus } from '../domain/pacing';
import { MILESTONE_WEEKS } from '../domain/progress-schemas';
import type { ProgressView } from '../domain/progress-view';
import { REFLECTION_QUESTIONS } from '../domain/questions';
import { type SessionCompletions, type SessionNumber, sessionInfo } from '../domain/session-status';
import { DEFAULT_TIME_ZONE, formatCalendarDay, formatInstantDay } from '../domain/time-zone';
import { sessionPath } from '../paths';
import { frameworkWeeks } from './MilestoneFramework';

function completions(view: ProgressView): SessionCompletions {
  return {
    session1CompletedAt: view.session1?.completedAt ?? null,
    session2CompletedAt: view.session2?.completedAt ?? null,
    session3CompletedAt: view.session3?.completedAt ?? null,
    session4CompletedAt: view.session4?.completedAt ?? null,
  };
}

/** One session's part: its title, when it was completed, and what was written, or a way to it. */
function Part({
  n,
  view,
  timeZone,
  clock,
  children,
}: {
  n: SessionNumber;
  view: ProgressView;
  timeZone: string;
  clock: SessionClock;
  children: ReactNode;
}) {
  const info = sessionInfo(n);
  const completedAt = view[`session${n}`]?.completedAt;
  const state = sessionStatus(completions(view), n, clock);
  const titleId = `journey-${n}-title`;
  return (
    <section className="card journey-part" aria-labelledby={titleId}>
      <header className="journey-head">
        <span className="badge">{info.badge}</span>
        <h3 id={titleId} className="card-title">
          {info.pageTitle}
        </h3>
        {completedAt ? (
          <a className="journey-edit muted small" href={sessionPath(n)}>
            Completed on <time dateTime={completedAt}>{formatInstantDay(completedAt, timeZone) ?? completedAt}</time>
          </a>
        ) : null}
      </header>
      {completedAt ? (
        children
      ) : state.status !== 'locked' ? (
        <p className="muted">
          Not done yet. <a href={sessionPath(n)}>{n === 1 ? 'Start Session 1' : `Go to Session ${n}`}</a>
        </p>
      ) : state.gate.reason === 'previous' ? (
        <p className="muted">{`Opens once Session ${n - 1} is complete.`}</p>
      ) : (
        <p className="muted">{`Not done yet. ${gateLabel(state.gate, clock.today)}.`}</p>
      )}
    </section>
  );
}

/** Text as written: its line breaks kept. */
function Written({ text }: { text: string }) {
  return text ? <span className="written">{text}</span> : <span className="muted">Not written</span>;
}

export function JourneySections({
  view,
  recent,
  clock,
  timeZone = DEFAULT_TIME_ZONE,
}: {
  view: ProgressView;
  recent: CheckIn[];
  /** The participant's cohort and today in their zone: which sessions are open, and the milestones' dates. */
  clock: SessionClock;
  timeZone?: string;
}) {
  const { session1, session2, session3, session4 } = view;
  const due = milestoneDueDays(session4?.completedAt, timeZone);
  return (
    <section className="journey" aria-labelledby="journey-title">
      <h2 id="journey-title" className="section-heading">
        Your journey, in your words
      </h2>
      <Part n={1} view={view} timeZone={timeZone} clock={clock}>
        <dl className="answers">
          <div>
            <dt>Keystone Arena</dt>
            <dd>{session1?.keystoneArena ?? 'Not set'}</dd>
          </div>
          {REFLECTION_QUESTIONS.map((prompt, i) => (
            <div key={prompt}>
              <dt>{prompt}</dt>
              <dd>
                <Written text={session1?.reflections[i] ?? ''} />
              </dd>
            </div>
          ))}
        </dl>
      </Part>
      <Part n={2} view={view} timeZone={timeZone} clock={clock}>
        <ul className="journey-list">
          {session2?.blockers.map((blocker) => (
            <li key={blocker.name}>
              <p className="journey-item-title">
                <strong>{blocker.name}</strong>
                {blocker.arenas.length > 0 && <span className="muted small"> · affects {blocker.arenas.join(', ')}</span>}
              </p>
              <Written text={blocker.reflection} />
            </li>
          ))}
        </ul>
      </Part>
      <Part n={3} view={view} timeZone={timeZone} clock={clock}>
        <ul className="journey-list">
          {session3?.accelerators.map((accelerator) => (
            <li key={accelerator.name}>
              <p className="journey-item-title">
                <strong>{accelerator.name}</strong>
              </p>
              <dl className="answers answers-inline">
                <div>
                  <dt>Daily action</dt>
                  <dd>
                    <Written text={accelerator.dailyAction} />
                  </dd>
                </div>
                <div>
                  <dt>Measurement</dt>
                  <dd>
                    <Written text={accelerator.measurement} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </Part>
      <Part n={4} view={view} timeZone={timeZone} clock={clock}>
        <dl className="answers">
          <div>
            <dt>90-day target</dt>
            <dd>
              <Written text={session4?.target90Day ?? ''} />
            </dd>
          </div>
          <div>
            <dt>Vision</dt>
            <dd>
              <Written text={session4?.vision90Day ?? ''} />
            </dd>
          </div>
        </dl>
        <ol className="journey-list milestone-list">
          {MILESTONE_WEEKS.map((week, i) => {
            const doneAt = session4?.milestonesDone[week];
            return (
              <li key={week}>
                <p className="journey-item-title">
                  <strong>Day {week} milestone</strong> <span className="muted small">· {frameworkWeeks(i)}</span>{' '}
                  <span className={`status ${doneAt ? 'status-completed' : ''}`}>
                    {doneAt ? milestoneDoneLabel(doneAt, timeZone, clock.today) : 'Pending'}
                  </span>
                  {due && <span className="muted small"> · {milestoneDueLabel(due[week], clock.today)}</span>}
                </p>
                <Written text={session4?.milestones.find((m) => m.week === week)?.goal ?? ''} />
              </li>
            );
          })}
        </ol>
      </Part>
      <section className="card journey-part" aria-labelledby="journey-notes-title">
        <header className="journey-head">
          <h3 id="journey-notes-title" className="card-title">
            Check-in notes
          </h3>
        </header>
        {recent.length === 0 ? (
          <p className="muted">No check-ins yet.</p>
        ) : (
          <>
            <ol className="journey-list">
              {recent.map((checkIn) => (
                <li key={checkIn.date}>
                  <p className="journey-item-title">
                    <strong>
                      <time dateTime={checkIn.date}>{formatCalendarDay(checkIn.date)}</time>
                    </strong>{' '}
                    <span className="muted small">· Mood {formatMood(checkIn.mood)}</span>
                  </p>
                  <dl className="answers answers-inline">
                    <div>
                      <dt>Drift Moments</dt>
                      <dd>
                        <Written text={checkIn.drift} />
                      </dd>
                    </div>
                    <div>
                      <dt>Win of the Day</dt>
                      <dd>
                        <Written text={checkIn.win} />
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ol>
            <p className="muted small">The latest {recent.length} check-ins; every one is in 'Download My Progress'.</p>
          </>
        )}
      </section>
    </section>
  );
}
