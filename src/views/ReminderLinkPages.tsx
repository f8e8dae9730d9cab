// The pages a reminder mail's links open, signed in or not (decision 29,
// docs/product.md#reminders-and-mail): the one-tap check-in (mood chosen, optional notes, Save;
// only the POST writes), its outcome, a dead link, and the unsubscribe confirmation. Plain forms:
// the same with and without JavaScript.
import { MoodChoices } from '../components/MoodChoices';
import { PracticeChoices } from '../components/PracticeChoices';
import { CHECK_IN_TEXT_MAX, MOOD_MAX, streakLabel } from '../domain/check-ins';
import type { ActionProgress, PracticeAction } from '../domain/practice';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { PracticeProgress } from './PracticeProgress';

export interface QuickCheckInProps {
  /** The form's address: the link's own, token included. */
  action: string;
  /** 'Wed, Nov 25': the day the check-in is for. */
  dayLabel: string;
  mood: number;
  drift?: string;
  win?: string;
  /** A check-in already saved for that day: saving edits it. */
  existing: boolean;
  /** The three daily actions once Session 3 is done, else null (decision 38). */
  practice: PracticeAction[] | null;
  /** The day's saved answers by accelerator. */
  answers: Record<string, boolean>;
  error?: string;
}

export function QuickCheckInPage({ action, dayLabel, mood, drift = '', win = '', existing, practice, answers, error }: QuickCheckInProps) {
  return (
    <AuthLayout>
      <div className="card auth-card quick-check-in">
        <h1 className="card-title">{`Check in for ${dayLabel}`}</h1>
        <p className="muted">
          {existing ? 'You already checked in for this day; saving updates it.' : 'Your mood is chosen. Add a note if you like, then save.'}
        </p>
        {error && (
          <div className="banner banner-error" role="alert">
            {error}
          </div>
        )}
        <form method="post" action={action} className="form">
          <MoodChoices name="mood" id="quick-mood" value={mood} />
          {practice && <PracticeChoices id="quick-action" actions={practice} answers={answers} />}
          <div className="field">
            <label htmlFor="quick-drift">Drift Moments</label>
            <textarea
              id="quick-drift"
              name="drift"
              rows={3}
              maxLength={CHECK_IN_TEXT_MAX}
              placeholder="When did you drift from your focus today?"
              defaultValue={drift}
            />
          </div>
          <div className="field">
            <label htmlFor="quick-win">Win of the Day</label>
            <textarea
              id="quick-win"
              name="win"
              rows={3}
              maxLength={CHECK_IN_TEXT_MAX}
              placeholder="What went well today?"
              defaultValue={win}
            />
          </div>
          <button type="submit" className="button button-primary button-block">
            Save Check-In
          </button>
        </form>
      </div>
    </AuthLayout>
  );
}

export interface QuickCheckInSavedProps {
  dayLabel: string;
  mood: number;
  streak: number;
  /** Each daily action's streak and habit strength, null before Session 3. */
  progress: ActionProgress[] | null;
}

export function QuickCheckInSavedPage({ dayLabel, mood, streak, progress }: QuickCheckInSavedProps) {
  return (
    <AuthLayout>
      <div className="card auth-card" role="status">
        <h1 className="card-title">Check-in saved</h1>
        <p>{`Mood ${mood}/${MOOD_MAX} for ${dayLabel}.`}</p>
        <p className="quick-streak">{streakLabel(streak)}</p>
        {progress && <PracticeProgress progress={progress} />}
        <a className="button button-primary button-block" href={PATHS.checkIns}>
          Open my check-ins
        </a>
      </div>
    </AuthLayout>
  );
}

export function DeadLinkPage({ reason }: { reason: 'invalid' | 'expired' | 'no-access' }) {
  const why =
    reason === 'expired'
      ? 'This check-in link has expired: links in a reminder work for 48 hours.'
      : reason === 'no-access'
        ? 'Check-ins are not part of your plan right now.'
        : 'This check-in link is not valid: it may have been changed or cut short.';
  return (
    <AuthLayout>
      <div className="card auth-card" role="status">
        <h1 className="card-title">This link does not work</h1>
        <p>{`${why} Nothing was saved.`}</p>
        <p>Sign in to check in from the app.</p>
        <a className="button button-primary button-block" href={`${PATHS.login}?next=${encodeURIComponent(PATHS.checkIns)}`}>
          Sign in
        </a>
      </div>
    </AuthLayout>
  );
}

export type UnsubscribeState = { kind: 'confirm'; action: string; what: string } | { kind: 'done'; what: string } | { kind: 'invalid' };

export function UnsubscribePage({ state }: { state: UnsubscribeState }) {
  return (
    <AuthLayout>
      <div className="card auth-card" role="status">
        {state.kind === 'confirm' && (
          <form method="post" action={state.action} className="form">
            <h1 className="card-title">{`Stop ${state.what}?`}</h1>
            <p>{`You will get no more ${state.what} by email. You can turn them on again in Settings.`}</p>
            <button type="submit" className="button button-primary button-block">
              Unsubscribe
            </button>
          </form>
        )}
        {state.kind === 'done' && (
          <>
            <h1 className="card-title">Unsubscribed</h1>
            <p>{`You will get no more ${state.what}. You can turn them on again in Settings.`}</p>
            <a className="button button-outline button-block" href={`${PATHS.settings}#reminders`}>
              Open Settings
            </a>
          </>
        )}
        {state.kind === 'invalid' && (
          <>
            <h1 className="card-title">This link does not work</h1>
            <p>This unsubscribe link is not valid. Sign in and turn reminders off in Settings.</p>
            <a className="button button-primary button-block" href={`${PATHS.login}?next=${encodeURIComponent(PATHS.settings)}`}>
              Sign in
            </a>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
