// The dashboard's first card, the daily loop (decision 38, docs/product.md#the-daily-practice):
// today, checked in or not, the streak, and the check-in itself (the mood and, after Session 3,
// the three daily actions; the notes folded) answered in place. The form posts to /check-ins with
// `?return=dashboard`, which answers 303 back here, so it works without JavaScript.
import { type CheckIn, streakLabel } from '../domain/check-ins';
import type { ActionProgress, PracticeAction } from '../domain/practice';
import { formatCalendarDay } from '../domain/time-zone';
import { DASHBOARD_CHECK_IN_ACTION, PATHS } from '../paths';
import { Island } from './islands';
import { PracticeProgress } from './PracticeProgress';
import { ZoneNotice } from './ZoneNotice';

export interface DailyLoopCardProps {
  /** The user's calendar day in the zone saved in Settings. */
  today: string;
  /** The saved zone. */
  timeZone: string;
  todays: CheckIn | null;
  streak: number;
  practice: PracticeAction[] | null;
  progress: ActionProgress[] | null;
  answers: Record<string, boolean>;
  /** The device's zone after a check-in from another zone, else null. */
  deviceZone: string | null;
}

export function DailyLoopCard({ today, timeZone, todays, streak, practice, progress, answers, deviceZone }: DailyLoopCardProps) {
  return (
    <section className="card daily-loop" aria-labelledby="daily-loop-title">
      <div className="daily-loop-head">
        <h2 id="daily-loop-title" className="card-title">
          Today
        </h2>
        <p className={`streak${streak > 0 ? ' streak-active' : ''}`}>{streakLabel(streak)}</p>
      </div>
      <p className="card-subtitle">
        <time dateTime={today}>{formatCalendarDay(today, today.slice(0, 4))}</time>
        {todays ? ' · You checked in today. Saving again updates it.' : ' · Not checked in yet.'}
      </p>
      {deviceZone && <ZoneNotice device={deviceZone} saved={timeZone} returnTo={PATHS.dashboard} />}
      <Island
        name="CheckInForm"
        props={{
          action: DASHBOARD_CHECK_IN_ACTION,
          todays: todays && { mood: todays.mood, drift: todays.drift, win: todays.win },
          day: today,
          practice,
          answers,
          compact: true,
          lastResult: null,
        }}
      />
      {progress && (
        <details className="daily-loop-progress" open>
          <summary>Your daily actions</summary>
          <PracticeProgress progress={progress} />
        </details>
      )}
    </section>
  );
}
