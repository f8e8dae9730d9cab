// A participant owns their account (decision 42, docs/product.md#your-account): the lifetimes of
// the email-change links, the words the account forms answer with, and which subscriptions to
// point out before a deletion. Pure: the data layer stores, the routes decide.
import { type GrantLike, isGrantActive } from './grants';
import { PLAN_LABELS } from './plans';

/** The link that confirms a new address works this long (docs/product.md#your-account). */
export const EMAIL_CHANGE_HOURS = 24;
export const EMAIL_CHANGE_VALIDITY = `${EMAIL_CHANGE_HOURS} hours`;
/** The 'It was not me' link sent to the old address works this long: past the change itself, so it can still undo it. */
export const EMAIL_CHANGE_REPORT_DAYS = 7;
export const EMAIL_CHANGE_REPORT_VALIDITY = `${EMAIL_CHANGE_REPORT_DAYS} days`;

/** The word that confirms a deletion, in any letter case, spaces around it ignored (decision 44). */
export const DELETE_WORD = 'delete';
export const DELETE_WORD_MESSAGE = `Type ${DELETE_WORD} to confirm`;

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Password is incorrect',
  sameEmail: 'That is already your email address',
  /** The words of sign-up's own refusal: an address change tells nobody more than sign-up does. */
  emailTaken: 'An account with this email already exists',
  lastAdmin: 'You are the last admin: make another admin first, then delete your account.',
  noPendingChange: 'There is no email change waiting to be confirmed',
  deleted: 'Your account has been deleted',
} as const;

/** What a self-deleted account's id becomes in the audit trail: 'deleted:' and 12 hex characters. */
const PSEUDONYM_PREFIX = 'deleted:';
export function pseudonymFrom(sha256Hex: string): string {
  return `${PSEUDONYM_PREFIX}${sha256Hex.slice(0, 12)}`;
}

/** Patreon's own page for the memberships a patron pays for (Life7 cannot cancel a pledge). */
export const PATREON_MEMBERSHIPS_URL = 'https://www.patreon.com/settings/memberships';

type PaidSource = 'stripe' | 'patreon';

interface PaidGrant extends GrantLike {
  source: string;
}

/** A subscription the participant pays for, as Settings names it before a deletion. */
export interface PaidSubscription {
  source: PaidSource;
  provider: 'Stripe' | 'Patreon';
  plan: string;
  /** Where they manage or cancel it; null when this deployment has no link (they cancel it with the provider). */
  manageUrl: string | null;
}

/** Only an https address is a billing link (STRIPE_BILLING_PORTAL_URL); anything else is none. */
function httpsUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The Stripe and Patreon grants that still bill: active, or a failed payment still in its grace
 * (the provider keeps retrying it). Deleting the account does not cancel them.
 */
export function paidSubscriptions(grants: readonly PaidGrant[], now: Date, stripePortalUrl: string | undefined): PaidSubscription[] {
  return grants.flatMap((grant) => {
    if ((grant.source !== 'stripe' && grant.source !== 'patreon') || !grant.plan || !isGrantActive(grant, now)) return [];
    const stripe = grant.source === 'stripe';
    return [
      {
        source: grant.source,
        provider: stripe ? 'Stripe' : 'Patreon',
        plan: PLAN_LABELS[grant.plan],
        manageUrl: stripe ? httpsUrl(stripePortalUrl) : PATREON_MEMBERSHIPS_URL,
      },
    ];
  });
}
