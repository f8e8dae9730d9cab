// What every coach mail carries (decision 40): Reply-To the coach, and a one-click unsubscribe
// from coach mail (decision 29's rules, src/mail/links.ts).
import { singleLine } from '../domain/text';
import { PATHS } from '../paths';
import { unsubscribeToken } from './links';

/** COACH_REPLY_TO when set, else the sending admin's address: a reply lands in the coach's mailbox. */
export function coachReplyTo(env: { COACH_REPLY_TO?: string }, adminEmail: string): string {
  const configured = singleLine(env.COACH_REPLY_TO ?? '').trim();
  return configured || adminEmail;
}

/** The unsubscribe address of coach mail for `userId` (it does not expire). */
export async function coachUnsubscribeLink(env: { JWT_SECRET: string }, origin: string, userId: string): Promise<string> {
  return `${origin}${PATHS.unsubscribe}?t=${await unsubscribeToken(env.JWT_SECRET, userId, 'coach')}`;
}
