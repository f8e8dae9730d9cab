// The texts of the emails the app sends. Pure: the caller supplies the link.
import { sessionOpensOn } from './cohorts';
import { PRODUCT_NAME } from './product';
import { formatCalendarDay } from './time-zone';

export interface MailText {
  subject: string;
  text: string;
}

/** The reset email names no user-supplied text, so nobody can plant words above the link. */
export function resetPasswordMail(link: string, validFor: string): MailText {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Hello,\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link within ${validFor}:\n\n${link}\n\nIf it wasn't you, ignore this email: your password stays as it is.\n\nThe ${PRODUCT_NAME} team`,
  };
}

/** The verification email: only the link, no user-supplied text. */
export function verifyEmailMail(link: string, validFor: string): MailText {
  return {
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    text: `Hello,\n\nPlease confirm that this is your email address by opening this link within ${validFor}:\n\n${link}\n\nIf you did not sign up for ${PRODUCT_NAME}, ignore this email.\n\nThe ${PRODUCT_NAME} team`,
  };
}

/**
 * The welcome email for an account an admin created. It holds no password (the admin hands the
 * temporary one over) and no text the admin typed: only the link that confirms the address and
 * leads to sign-in.
 */
export function welcomeMail(confirmLink: string, validFor: string): MailText {
  return {
    subject: `Welcome to ${PRODUCT_NAME}`,
    text: `Hello,\n\nYour coach has created a ${PRODUCT_NAME} account for this email address. Your coach will give you a temporary password. Confirm your email and sign in here (the link works for ${validFor}), then choose your own password:\n\n${confirmLink}\n\nIf you did not expect this email, you can ignore it.\n\nThe ${PRODUCT_NAME} team`,
  };
}

/**
 * Sent to the new address of an email change (decision 42): only the link, no user-supplied text.
 * The account keeps its old address until the link is followed.
 */
export function emailChangeMail(link: string, validFor: string): MailText {
  return {
    subject: `Confirm your new email for ${PRODUCT_NAME}`,
    text: `Hello,\n\nSomeone asked to use this email address for their ${PRODUCT_NAME} account. To confirm it, open this link within ${validFor}:\n\n${link}\n\nUntil then the account keeps its old address. If you did not ask for this, ignore this email: nothing changes.\n\nThe ${PRODUCT_NAME} team`,
  };
}

/**
 * Sent to the old address of an email change (decision 42), naming neither address: a way to say
 * it was not them, which cancels the change (or undoes it, once confirmed) and signs the account
 * out everywhere.
 */
export function emailChangeNoticeMail(reportLink: string, validFor: string): MailText {
  return {
    subject: `Your ${PRODUCT_NAME} email address is being changed`,
    text: `Hello,\n\nSomeone signed in to your ${PRODUCT_NAME} account asked to change its email address from this one to another. The change happens only once the new address is confirmed.\n\nIf that was you, there is nothing to do.\n\nIf it was not you, open this link (it works for ${validFor}) to cancel the change and sign your account out on every device. Then reset your password, because whoever asked knew it:\n\n${reportLink}\n\nThe ${PRODUCT_NAME} team`,
  };
}

/** 'a', 'a and b', 'a, b and c'. */
const inWords = (items: string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * Sent to someone seated off a cohort's waitlist (docs/product.md#cohorts): what opens and when.
 * Weekly: Session 1 is open already; Sessions 2 to 4 open on days 8, 15 and 22 at midnight in
 * their own zone, each once the one before is complete (decision 36). Self-paced: one after
 * another. `today` is the coaches' day; the cohort's name is the coach's words.
 */
export function cohortSeatMail(
  cohort: { name: string; startDate: string; pacing: 'weekly' | 'self-paced' },
  today: string,
  link: string,
): MailText {
  const year = today.slice(0, 4);
  const starts = `${cohort.name} ${cohort.startDate > today ? 'starts' : 'started'} on ${formatCalendarDay(cohort.startDate, year)}.`;
  let opens: string;
  if (cohort.pacing === 'self-paced') {
    opens = `${starts} It is self-paced: all four sessions are yours now, each opening as you complete the one before.`;
  } else {
    const later = ([2, 3, 4] as const).map((n) => ({ n, on: sessionOpensOn(cohort.startDate, n) }));
    const open = [1, ...later.filter((s) => s.on <= today).map((s) => s.n)];
    const coming = later.filter((s) => s.on > today).map((s) => `Session ${s.n} on ${formatCalendarDay(s.on, year)}`);
    const openWords = open.length === 1 ? 'Session 1 is open now' : `Sessions ${inWords(open.map(String))} are open now`;
    opens = `${starts} It runs week by week: ${openWords}${
      coming.length ? `; ${inWords(coming)} open${coming.length === 1 ? 's' : ''} at midnight where you live` : ''
    }, each once you have completed the one before.`;
  }
  return {
    subject: `You have a seat in ${cohort.name}`,
    text: `Hello,\n\nA seat came free in ${cohort.name}, and it is yours.\n\n${opens}\n\nContinue your journey here:\n\n${link}\n\nThe ${PRODUCT_NAME} team`,
  };
}
