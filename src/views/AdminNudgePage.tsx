// 'Send a nudge' (decision 40, docs/product.md#nudges-and-announcements): the mail prefilled from the
// reason's template, editable, and what goes with it (the one-tap moods, the session, Settings),
// who replies reach, and why it cannot go today when it cannot. A plain form post.
import type { FieldErrors } from '../domain/field-errors';
import { NUDGE_TEXT_MAX, type NudgeLinks, type NudgeReason, SUBJECT_MAX } from '../domain/outreach';
import { adminNudgePath, adminUserPath } from '../paths';
import { AdminShell } from './AdminShell';
import { FieldMessage } from './FieldMessage';

export interface NudgeTargetView {
  id: string;
  name: string | null;
  email: string;
  nextSession: number | null;
  optedOut: boolean;
  nudgedToday: { at: string; by: string } | null;
}

const REASON_WORDS: Record<NudgeReason, string> = {
  quiet: 'No check-in for a while',
  mood: 'Mood going down',
  stall: 'Stalled on a session',
  grace: 'Payment failed',
};

const LINK_WORDS: Record<NudgeLinks, string> = {
  moods: 'Under your words: ten one-tap mood links (1 to 10) that check them in for today.',
  session: 'Under your words: a button that opens their next session.',
  billing: 'Under your words: a button that opens their Settings, where billing is.',
};

const REASONS: (NudgeReason | null)[] = [null, 'quiet', 'mood', 'stall', 'grace'];

export function AdminNudgePage({
  target,
  reason,
  links,
  action,
  values,
  replyTo,
  fieldErrors,
  refusal,
}: {
  target: NudgeTargetView;
  reason: NudgeReason | null;
  links: NudgeLinks;
  action: string;
  values: { subject: string; text: string };
  replyTo: string;
  fieldErrors: FieldErrors;
  refusal: string | null;
}) {
  const who = target.name ?? target.email;
  const blocked = target.optedOut
    ? `${who} turned off mail from their coach, so no nudge can be sent.`
    : target.nudgedToday
      ? `${who} had a nudge today already (sent by ${target.nudgedToday.by} at ${target.nudgedToday.at.slice(11, 16)} UTC): the next one can go tomorrow.`
      : null;
  const field = (name: 'subject' | 'text') => ({
    id: `nudge-${name}`,
    name,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `nudge-${name}-error` : undefined,
  });
  return (
    <AdminShell active="users">
      <div className="page-header">
        <div>
          <h1 className="page-title break-anywhere">{`Send a nudge to ${who}`}</h1>
          <p className="muted break-anywhere">{`To ${target.email} · replies go to ${replyTo} · at most one nudge a day`}</p>
        </div>
        <a className="button button-outline" href={adminUserPath(target.id)}>
          Back to their page
        </a>
      </div>
      <nav className="nudge-reasons" aria-label="Template">
        <span className="muted small">Start from:</span>{' '}
        {REASONS.map((r) => (
          <a key={r ?? 'general'} href={adminNudgePath(target.id, r)} aria-current={r === reason ? 'page' : undefined} className="chip">
            {r ? REASON_WORDS[r] : 'A general check-in'}
          </a>
        ))}
      </nav>
      {(refusal ?? blocked) && (
        <div className="banner banner-warning" role="alert">
          {refusal ?? blocked}
        </div>
      )}
      <form method="post" action={action} className="card form nudge-form">
        {reason && <input type="hidden" name="reason" value={reason} />}
        <div className="field">
          <label htmlFor="nudge-subject">Subject</label>
          <input {...field('subject')} type="text" required maxLength={SUBJECT_MAX} defaultValue={values.subject} />
          <FieldMessage id="nudge-subject-error" messages={fieldErrors.subject} />
        </div>
        <div className="field">
          <label htmlFor="nudge-text">Message</label>
          <textarea {...field('text')} required maxLength={NUDGE_TEXT_MAX} rows={10} defaultValue={values.text} />
          <FieldMessage id="nudge-text-error" messages={fieldErrors.text} />
          <p className="muted small">
            {`Plain text: a blank line starts a paragraph, and web addresses become links. ${LINK_WORDS[links]} The mail ends with a link to stop mail from the coach.`}
          </p>
        </div>
        <button type="submit" className="button button-primary" disabled={blocked !== null}>
          Send nudge
        </button>
      </form>
    </AdminShell>
  );
}
