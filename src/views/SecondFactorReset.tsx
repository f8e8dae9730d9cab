// The participant's page, for an admin's account: their second factor (decision 43,
// docs/product.md#second-factor-for-admins), and resetting it for them, confirmed with the typed
// word 'reset'. A plain form post to the page's own address (?action=second-factor); an admin's
// own is turned off on /settings/two-factor, which asks a code.
import type { FieldErrors } from '../domain/field-errors';
import { RESET_CONFIRM_WORD } from '../domain/second-factor';
import { adminUserPath, PATHS } from '../paths';
import { FieldMessage } from './FieldMessage';

/** The participant page's `?action=` of this form. */
export const SECOND_FACTOR_ACTION = 'second-factor';

export interface SecondFactorResetProps {
  userId: string;
  email: string;
  /** When their second factor was turned on, or null when it is off. */
  on: string | null;
  self: boolean;
  /** The page's refused action, if any: shown here when it was this one. */
  failure: { action: string; message: string; fieldErrors: FieldErrors } | null;
}

export function SecondFactorReset({ userId, email, on, self, failure }: SecondFactorResetProps) {
  const mine = failure?.action === SECOND_FACTOR_ACTION ? failure : null;
  const wordMessages = mine?.fieldErrors.confirm;
  return (
    <section className="card admin-action" id="second-factor" aria-labelledby="second-factor-title">
      <h3 className="card-title" id="second-factor-title">
        Second factor
      </h3>
      {mine && !wordMessages && (
        <p className="banner banner-error" role="alert">
          {mine.message}
        </p>
      )}
      {!on && <p className="card-subtitle">Two-factor authentication is off for {self ? 'you' : email}.</p>}
      {on && self && (
        <p className="card-subtitle">
          On since {on.slice(0, 10)}. To turn your own off, use <a href={PATHS.twoFactor}>Two-factor authentication</a> in Settings: it asks
          a code.
        </p>
      )}
      {on && !self && (
        <form method="post" action={`${adminUserPath(userId)}?action=${SECOND_FACTOR_ACTION}`} className="form">
          <p className="card-subtitle">
            On since {on.slice(0, 10)}. Lost their phone and their recovery codes? Resetting turns it off and signs {email} out everywhere;
            they set it up again from Settings.
          </p>
          <div className="field">
            <label htmlFor="second-factor-confirm">
              Type <strong>{RESET_CONFIRM_WORD}</strong> to confirm
            </label>
            <input
              id="second-factor-confirm"
              name="confirm"
              type="text"
              required
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              aria-invalid={wordMessages ? true : undefined}
              aria-describedby={wordMessages ? 'second-factor-confirm-error' : undefined}
            />
            <FieldMessage id="second-factor-confirm-error" messages={wordMessages} />
          </div>
          <button type="submit" className="button button-destructive">
            Reset second factor
          </button>
        </form>
      )}
    </section>
  );
}
