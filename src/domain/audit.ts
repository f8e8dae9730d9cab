// The audit trail (decision 25, docs/product.md#audit-trail): who or which source changed a user's
// role, grants, status or password, when, from what to what. Pure: the words of each entry; the
// data layer (src/data/audit.ts) writes them in the same batch as the change itself.
import type { GrantSource } from './grants';
import { type MembershipStatus, PLAN_LABELS, type Plan } from './plans';

/** Who made a change: an admin (their email), a payment provider, or the app itself (a grace that ran out). */
type AuditActor = string;
export const SYSTEM_ACTOR = 'system';

export const AUDIT_ACTIONS = {
  plan: 'Admin plan changed',
  role: 'Role changed',
  password: 'Temporary password issued',
  created: 'Account created by an admin',
  deleted: 'Account deleted',
  graceEnded: 'Grace period ended',
  /** Another admin reset an admin's second factor (decision 43). */
  secondFactorReset: 'Second factor reset',
  /** An admin moved the participant to another cohort (docs/product.md#cohorts): 'January 2027 (seated)' → 'February 2027 (waitlisted)'. */
  cohort: 'Cohort changed',
  /** A coach's nudge (decision 40): from the reason (or none), to the subject. */
  nudge: 'Nudge sent',
  /** An announcement to the participant's cohort (decision 40): from the cohort's name, to the subject. */
  announcement: 'Announcement sent',
  /** The coach's worklist (decision 40, docs/product.md#the-worklist). */
  contacted: 'Marked contacted',
  snoozed: 'Snoozed',
  reopened: 'Back on the worklist',
  /** Private notes (decision 40): the entry says when and who, never the text. */
  noteWritten: 'Note written',
  noteDeleted: 'Note deleted',
  /** 'Change plan' to 'No plan': the admin grant ends (decision 24); a paid grant stays. */
  planEnded: 'Admin plan ended',
} as const;

/** The action of a provider's change to its grant: 'Stripe grant changed'. */
export function grantAction(source: GrantSource): string {
  return `${SOURCE_LABELS[source]} grant changed`;
}

export const SOURCE_LABELS: Record<GrantSource, string> = { admin: 'Admin', stripe: 'Stripe', patreon: 'Patreon' };

const STATUS_WORDS: Record<MembershipStatus, string> = {
  active: 'active',
  past_due: 'payment failed',
  expired: 'expired',
  cancelled: 'cancelled',
};

/** A grant as the trail says it: 'Premium, active'; 'Premium, payment failed (grace until 2026-12-02)'; 'no plan yet'. */
export function describeGrant(grant: { plan: Plan | null; status: MembershipStatus; graceUntil?: string | null } | null): string | null {
  if (!grant) return null;
  const plan = grant.plan ? PLAN_LABELS[grant.plan] : 'No plan yet';
  const grace = grant.status === 'past_due' && grant.graceUntil ? ` (grace until ${grant.graceUntil.slice(0, 10)})` : '';
  return `${plan}, ${STATUS_WORDS[grant.status]}${grace}`;
}

/** One entry as the API and the page show it. */
export interface AuditEntry {
  at: string;
  actor: AuditActor;
  action: string;
  from: string | null;
  to: string | null;
}
