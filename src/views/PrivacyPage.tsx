// /privacy (docs/product.md#your-account): what Life7 stores, for how long, what the daily clean-up
// removes, and how to take it away or delete it. Public, server-rendered, no JavaScript. The
// numbers come from the rules that apply them where they live in src/domain; the others are said
// as the code keeps them (src/data/cleanup.ts, src/server/auth-session.ts,
// src/server/verification-mail.ts, src/server/throttle-policy.ts).
import { EMAIL_CHANGE_REPORT_VALIDITY, EMAIL_CHANGE_VALIDITY } from '../domain/account';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../domain/product';
import { RESET_TOKEN_VALIDITY } from '../domain/reset-token';
import { MAIL_RECORD_DAYS, REMINDER_CLAIM_DAYS } from '../domain/retention';
import { PATHS } from '../paths';

export const PRIVACY_TITLE = 'Privacy';

export function PrivacyPage() {
  return (
    <main id="main" className="auth-layout">
      <article className="card privacy" aria-labelledby="privacy-title">
        <h1 id="privacy-title" className="card-title">
          Your data in {PRODUCT_NAME}
        </h1>
        <p>What we store, for how long, and how you take it with you or delete it. You do not need to ask anyone for any of it.</p>

        <h2>What we store</h2>
        <ul>
          <li>
            <strong>Your account</strong>: your email address, your name if you gave one, your password as a salted scrypt hash (never as
            written), your time zone, when you signed up and last signed in, and when you confirmed your address.
          </li>
          <li>
            <strong>Your journey</strong>: your answers to the four sessions, every wheel you completed (one a day at most), your daily
            check-ins with their notes, your reminder choices and your private calendar feed.
          </li>
          <li>
            <strong>Your plan</strong>: which plan you have, from where (sign-up, a coach, Stripe or Patreon) and its status, with the
            payment provider's reference for it.
          </li>
          <li>
            <strong>To keep you signed in and safe</strong>: one sign-in session per device (30 days each, 10 at most), the links we email
            you (stored only as a hash), and counts of recent attempts (sign-ins, reset emails, password checks) by email address, account
            or network address.
          </li>
          <li>
            <strong>The emails we send you</strong>: which email went to which address and whether it arrived.
          </li>
          <li>
            <strong>For the coaches</strong>: changes a coach or a payment provider makes to your plan, role or password are kept in an
            audit trail that cannot be edited.
          </li>
        </ul>

        <h2>How long we keep it</h2>
        <ul>
          <li>Your account, journey and plan: until you delete your account.</li>
          <li>A sign-in session: 30 days, or until you log out or a password change or reset ends it.</li>
          <li>
            A password reset link works for {RESET_TOKEN_VALIDITY}, an email confirmation link for 7 days, the link that confirms a new
            address for {EMAIL_CHANGE_VALIDITY}, and the 'It was not me' link sent to your old address for {EMAIL_CHANGE_REPORT_VALIDITY}.
            Each works once.
          </li>
          <li>Attempt counts: until their window ends (15 minutes, an hour or a day).</li>
          <li>
            Which reminder went out on which day: {REMINDER_CLAIM_DAYS} days. Delivery records of emails: {MAIL_RECORD_DAYS} days.
          </li>
          <li>The audit trail and the payment providers' own messages about payments: kept, as the business's records.</li>
        </ul>

        <h2>The daily clean-up</h2>
        <p>
          Every day at 03:00 UTC {PRODUCT_NAME} deletes expired sign-in sessions; expired password reset, email confirmation and email
          change links; attempt counts whose window has ended; reminder records older than {REMINDER_CLAIM_DAYS} days; email delivery
          records older than {MAIL_RECORD_DAYS} days; and cancelled webinars once they would have ended.
        </p>

        <h2>Take your data with you</h2>
        <p>
          'Download My Progress' on <a href={PATHS.settings}>Settings</a> (and on the Summary page) saves{' '}
          <code>{PRODUCT_SLUG}-progress-YYYY-MM-DD.json</code>: your account, your plan, every session's answers, your wheels and check-ins
          (the newest 366 of each), your reminder choices and an email change waiting for confirmation.
        </p>

        <h2>Delete your account</h2>
        <p>
          On <a href={PATHS.settings}>Settings</a>, under 'Delete Account', type <strong>delete</strong> and your password. Everything above
          goes at once and you are signed out on every device. What stays: the audit trail's entries, under a pseudonymous id instead of
          yours and never your address; the payment providers' messages about your payments; and a payment still waiting to be matched to a
          confirmed address. A subscription you pay through Stripe or Patreon keeps running until you cancel it there: {PRODUCT_NAME} cannot
          cancel it for you.
        </p>

        <p className="card-footer-link">
          <a href={PATHS.dashboard}>Back to {PRODUCT_NAME}</a>
        </p>
      </article>
    </main>
  );
}
