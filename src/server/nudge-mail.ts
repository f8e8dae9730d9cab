// A nudge's mail (decision 40, docs/product.md#nudges-and-announcements): the coach's words, what the
// reason links to (the one-tap moods of decision 29, the next session, or Settings for billing),
// Reply-To the coach and a one-click unsubscribe from coach mail. Put on the mail queue whole
// (decision 32): its links are signed now, the moods for the participant's today, valid 48 hours.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { NudgeTarget } from '../data/nudges';
import { type NudgeReason, nudgeLinks } from '../domain/outreach';
import { calendarDay, userTimeZone } from '../domain/time-zone';
import { coachReplyTo, coachUnsubscribeLink } from '../mail/coach-links';
import { checkInToken } from '../mail/links';
import { cleanMail } from '../mail/message';
import { coachMail } from '../mail/templates';
import { PATHS, sessionPath } from '../paths';
import { appOrigin } from './config';

export async function queueNudgeMail(
  c: Context<AppEnv>,
  target: NudgeTarget,
  nudge: { reason: NudgeReason | null; subject: string; text: string; adminEmail: string },
  now: Date,
): Promise<void> {
  const origin = appOrigin(c);
  const links = nudgeLinks(nudge.reason);
  let moodLinks: string[] | undefined;
  let action: { label: string; href: string } | undefined;
  if (links === 'moods') {
    const token = await checkInToken(c.env.JWT_SECRET, target.id, calendarDay(now, userTimeZone(target.timeZone)), now);
    moodLinks = Array.from({ length: 10 }, (_, i) => `${origin}${PATHS.quickCheckIn}?t=${token}&mood=${i + 1}`);
  } else if (links === 'session') {
    action = target.nextSession
      ? { label: `Open Session ${target.nextSession}`, href: `${origin}${sessionPath(target.nextSession)}` }
      : { label: 'Open your sessions', href: `${origin}${PATHS.sessions}` };
  } else {
    action = { label: 'Open Settings', href: `${origin}${PATHS.settings}` };
  }
  const mail = coachMail({
    subject: nudge.subject,
    text: nudge.text,
    moodLinks,
    action,
    replyTo: coachReplyTo(c.env, nudge.adminEmail),
    settingsLink: `${origin}${PATHS.settings}#coach-mail`,
    unsubscribeLink: await coachUnsubscribeLink(c.env, origin, target.id),
  });
  await c.env.MAIL_QUEUE.send(
    { id: crypto.randomUUID(), kind: 'coach-nudge', userId: target.id, mail: cleanMail({ to: target.email, ...mail }) },
    { contentType: 'json' },
  );
}
