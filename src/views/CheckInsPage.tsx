// /check-ins, the daily check-in (docs/product.md#check-ins): today's
// form (the CheckInForm island, which is a plain form post without JavaScript), then the recent
// check-ins with the real streak.
import type { SubmissionResult } from '@conform-to/react';
import { Fragment } from 'react';
import type { Auth } from '../data/auth-sessions';
import { type CheckIn, describeDay, formatMood, streakLabel } from '../domain/check-ins';
import type { MoodCalendar as MoodCalendarLayout } from '../domain/mood-calendar';
import { type ActionProgress, answerLabel, type PracticeAction } from '../domain/practice';
import { formatCalendarDay, userTimeZone } from '../domain/time-zone';
import type { Webinar } from '../domain/webinars';
import type { CheckInValues } from '../islands/CheckInForm';
import { PATHS } from '../paths';
import { ConsistencyMeter } from './CheckInProgress';
import { Island } from './islands';
import { MoodCalendar } from './MoodCalendar';
import { PracticeNote, PracticeProgress } from './PracticeProgress';
import { Shell } from './Shell';
import { ZoneNotice } from './ZoneNotice';

export interface CheckInsPageProps {
  auth: Auth;
  webinars: Webinar[];
  /** The user's calendar day (YYYY-MM-DD in their time zone). */
  today: string;
  todays: CheckInValues | null;
  /** Newest first. */
  recent: CheckIn[];
  streak: number;
  /** The consistency score, 0 to 100 (src/domain/consistency.ts). */
  consistency: number;
  /** The last four weeks, Monday first (src/domain/mood-calendar.ts). */
  calendar: MoodCalendarLayout;
  /** The three daily actions once Session 3 is done, else null (decision 38). */
  practice: PracticeAction[] | null;
  /** Each action's streak and habit strength, null before Session 3. */
  progress: ActionProgress[] | null;
  /** Today's answers by accelerator. */
  answers: Record<string, boolean>;
  /** The device's zone after a check-in from another zone, else null. */
  deviceZone: string | null;
  /** The form's POST address. */
  action: string;
  /** conform's reply after a failed post. */
  lastResult?: SubmissionResult | null;
}

export function CheckInsPage({
  auth,
  webinars,
  today,
  todays,
  recent,
  streak,
  consistency,
  calendar,
  practice,
  progress,
  answers,
  deviceZone,
  action,
  lastResult,
}: CheckInsPageProps) {
  return (
    <Shell auth={auth} webinars={webinars} active="checkIns">
      <div className="page-header">
        <div>
          <h1 className="page-title">Daily Check-In</h1>
          <p className="page-subtitle">A minute a day: how you feel, where you drifted, and what went well.</p>
        </div>
        <p className={`streak${streak > 0 ? ' streak-active' : ''}`}>{streakLabel(streak)}</p>
      </div>
      {deviceZone && <ZoneNotice device={deviceZone} saved={userTimeZone(auth.user.timeZone)} returnTo={PATHS.checkIns} />}
      <div className="grid-2">
        <section className="card" aria-labelledby="today-title">
          <h2 id="today-title" className="card-title">
            {todays ? 'Today’s Check-In' : 'How was today?'}
          </h2>
          <p className="card-subtitle">
            <time dateTime={today}>{formatCalendarDay(today, today.slice(0, 4))}</time>
            {todays ? ' · You checked in today. Saving again updates it.' : ''}
          </p>
          <Island name="CheckInForm" props={{ action, todays, day: today, practice, answers, lastResult: lastResult ?? null }} />
        </section>
        <div className="stack">
          {progress && (
            <section className="card" aria-labelledby="practice-title">
              <h2 id="practice-title" className="card-title">
                Your daily actions
              </h2>
              <PracticeProgress progress={progress} headingId="practice-title" />
              <PracticeNote />
            </section>
          )}
          <section className="card" aria-labelledby="progress-title">
            <h2 id="progress-title" className="card-title">
              Your last 4 weeks
            </h2>
            <ConsistencyMeter score={consistency} />
            <MoodCalendar calendar={calendar} today={today} />
          </section>
          <section className="card" aria-labelledby="recent-title">
            <h2 id="recent-title" className="card-title">
              Recent Check-Ins
            </h2>
            {recent.length === 0 ? (
              <p className="muted">No check-ins yet. Your first one starts your streak.</p>
            ) : (
              <ol className="check-in-list">
                {recent.map((checkIn) => (
                  <li key={checkIn.date} className="check-in-item">
                    <div className="check-in-head">
                      <time dateTime={checkIn.date} className="check-in-date">
                        {describeDay(checkIn.date, today)}
                      </time>
                      <span className="badge">Mood {formatMood(checkIn.mood)}</span>
                    </div>
                    <dl className="check-in-notes">
                      <dt>Drift Moments</dt>
                      <dd>{checkIn.drift || <span className="muted">Nothing noted</span>}</dd>
                      <dt>Win of the Day</dt>
                      <dd>{checkIn.win || <span className="muted">Nothing noted</span>}</dd>
                      {checkIn.actions?.map((answer) => (
                        <Fragment key={answer.accelerator}>
                          <dt>{answer.accelerator}</dt>
                          <dd>{answerLabel(answer.done)}</dd>
                        </Fragment>
                      ))}
                    </dl>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </Shell>
  );
}
