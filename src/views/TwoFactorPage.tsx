// /settings/two-factor, an admin's second factor (decision 43, docs/product.md#second-factor-for-admins):
// set it up (the QR code inline, the secret in text, one code to prove it), the ten recovery codes
// once, and turning it off with a code. Plain form posts: no JavaScript needed.
import type { Auth } from '../data/auth-sessions';
import { CODE_PROMPT, formatRecoveryCode, formatSecret } from '../domain/second-factor';
import type { Webinar } from '../domain/webinars';
import { PATHS } from '../paths';
import { FieldMessage } from './FieldMessage';
import { Shell } from './Shell';

export type TwoFactorForm = 'enable' | 'disable' | 'new-key';

/** What the page shows: the setup, the new recovery codes (once), or the second factor that is on. */
export type TwoFactorState =
  | { kind: 'setup'; secret: string; otpauthUrl: string; qrSvg: string }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'on'; since: string; recoveryCodesLeft: number };

export interface TwoFactorPageProps {
  auth: Auth;
  webinars: Webinar[];
  state: TwoFactorState;
  /** Admin pages need it here (ADMIN_SECOND_FACTOR=required). */
  required: boolean;
  /** A refused form post, shown beside the form it came from. */
  failure: { form: TwoFactorForm; message: string; field: boolean } | null;
}

const twoFactorFormPath = (form: TwoFactorForm) => `${PATHS.twoFactor}?form=${form}`;

function CodeField({ id, label, hint, failure }: { id: string; label: string; hint: string; failure: string | null }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        type="text"
        required
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <p id={`${id}-hint`} className="muted small">
        {hint}
      </p>
      <FieldMessage id={`${id}-error`} messages={failure ? [failure] : undefined} />
    </div>
  );
}

function Setup({ state, failure }: { state: TwoFactorState & { kind: 'setup' }; failure: TwoFactorPageProps['failure'] }) {
  const enableFailure = failure?.form === 'enable' ? failure : null;
  return (
    <section className="card two-factor" aria-labelledby="two-factor-setup-title">
      <h2 id="two-factor-setup-title" className="card-title">
        Turn on two-factor authentication
      </h2>
      <ol className="two-factor-steps">
        <li>
          Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy, or any app for
          time-based codes).
          <div
            className="two-factor-qr"
            role="img"
            aria-label="QR code of your second-factor key"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's SVG of our own otpauth:// address (the key and the account's email, which it encodes as modules, never as markup), made on the server
            dangerouslySetInnerHTML={{ __html: state.qrSvg }}
          />
        </li>
        <li>
          Or type the key into the app:
          <code className="two-factor-secret" id="two-factor-secret">
            {formatSecret(state.secret)}
          </code>
          <span className="muted small">
            Time-based, 6 digits, every 30 seconds. On this phone? <a href={state.otpauthUrl}>Open it in your authenticator app</a>.
          </span>
        </li>
        <li>
          <form method="post" action={twoFactorFormPath('enable')} className="form">
            {enableFailure && !enableFailure.field && (
              <p className="banner banner-error" role="alert">
                {enableFailure.message}
              </p>
            )}
            <CodeField
              id="enable-code"
              label="Code from the app"
              hint={`${CODE_PROMPT} to prove it works.`}
              failure={enableFailure?.field ? enableFailure.message : null}
            />
            <button type="submit" className="button button-primary" data-busy-label="Turning on...">
              Turn on
            </button>
          </form>
        </li>
      </ol>
      <form method="post" action={twoFactorFormPath('new-key')} className="form">
        <p className="muted small">Scanned it with the wrong app, or shown the key to someone? Start again with a new key.</p>
        <button type="submit" className="button button-ghost">
          Use a new key
        </button>
      </form>
    </section>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="card two-factor banner-warning" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="card-title">
        Save your recovery codes
      </h2>
      <p>
        Each of these codes signs you in once if you lose your phone. Keep them somewhere safe, like a password manager: they are shown only
        now.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{formatRecoveryCode(code)}</code>
          </li>
        ))}
      </ul>
      <a className="button button-primary" href={PATHS.settings}>
        I have saved these
      </a>
    </section>
  );
}

function On({
  state,
  failure,
  required,
}: {
  state: TwoFactorState & { kind: 'on' };
  failure: TwoFactorPageProps['failure'];
  required: boolean;
}) {
  const disableFailure = failure?.form === 'disable' ? failure : null;
  return (
    <section className="card two-factor" aria-labelledby="two-factor-on-title">
      <h2 id="two-factor-on-title" className="card-title">
        Two-factor authentication is on
      </h2>
      <p>
        On since <time dateTime={state.since}>{state.since.slice(0, 10)}</time>. Every sign-in asks for a code from your authenticator app.{' '}
        {state.recoveryCodesLeft === 1 ? '1 recovery code is' : `${state.recoveryCodesLeft} recovery codes are`} left.
      </p>
      <form method="post" action={twoFactorFormPath('disable')} className="form">
        <h3 className="section-title">Turn off</h3>
        {required && <p className="muted small">Admin pages stay closed until you turn it on again.</p>}
        {disableFailure && !disableFailure.field && (
          <p className="banner banner-error" role="alert">
            {disableFailure.message}
          </p>
        )}
        <CodeField
          id="disable-code"
          label="Code from the app, or a recovery code"
          hint="To turn it off, or to move to a new phone (turn it off, then on again with the new phone)."
          failure={disableFailure?.field ? disableFailure.message : null}
        />
        <button type="submit" className="button button-destructive" data-busy-label="Turning off...">
          Turn off
        </button>
      </form>
    </section>
  );
}

export function TwoFactorPage({ auth, webinars, state, required, failure }: TwoFactorPageProps) {
  return (
    <Shell auth={auth} webinars={webinars} active="settings">
      <div className="page-header">
        <div>
          <h1 className="page-title">Two-factor authentication</h1>
          <p className="page-subtitle">
            A second factor keeps your admin account safe if your password leaks: signing in also asks for a code from an app on your phone.
            {required && state.kind === 'setup' && ' Admin pages open once it is on.'}
          </p>
        </div>
      </div>
      {state.kind === 'setup' && <Setup state={state} failure={failure} />}
      {state.kind === 'codes' && <RecoveryCodes codes={state.recoveryCodes} />}
      {state.kind === 'on' && <On state={state} failure={failure} required={required} />}
      <p>
        <a href={PATHS.settings}>Back to Settings</a>
      </p>
    </Shell>
  );
}
