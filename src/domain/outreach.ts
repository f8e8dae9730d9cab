// A coach's contact with participants (decision 40, docs/product.md#nudges-and-announcements): what
// an admin may send (the nudge and the announcement, JSON and form alike), the nudge's templates
// per reason, and a coach's plain text as paragraphs with its links picked out, so the mail and the
// dashboard card show it the same way, escaped. Pure. Server-only (no island sends these): classic zod.
import * as z from 'zod';
import { plainText, singleLine } from './text';
import { TEXT_LIMIT } from './text-limit';
import { REASON_KEYS, type ReasonKey } from './worklist';

/** A nudge's template follows the worklist's reasons (src/domain/worklist.ts), as `?reason=` names them. */
const NUDGE_REASONS = REASON_KEYS;
export type NudgeReason = ReasonKey;

export const SUBJECT_MAX = 150;
export const NUDGE_TEXT_MAX = TEXT_LIMIT;
/** As every text a form carries back after a refusal (TEXT_LIMIT): a refused form keeps all that was typed. */
export const ANNOUNCEMENT_BODY_MAX = TEXT_LIMIT;

const MESSAGES = {
  subject: 'Subject is required',
  subjectMax: `Subject must be at most ${SUBJECT_MAX} characters`,
  text: 'Write the message',
  textMax: `The message must be at most ${NUDGE_TEXT_MAX} characters`,
  body: 'Write the announcement',
  bodyMax: `The announcement must be at most ${ANNOUNCEMENT_BODY_MAX} characters`,
  cohortId: 'Choose a cohort',
  reason: `reason must be one of ${NUDGE_REASONS.join(', ')}`,
} as const;

const subject = z
  .string({ error: MESSAGES.subject })
  .overwrite(singleLine)
  .trim()
  .min(1, MESSAGES.subject)
  .max(SUBJECT_MAX, MESSAGES.subjectMax);

const message = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).overwrite(plainText).trim().min(1, required).max(max, tooLong);

const reason = z.enum(NUDGE_REASONS, { error: MESSAGES.reason });

/** POST /api/admin/users/:id/nudge: both optional (the reason's template fills what is left out). */
export const nudgeSchema = z.object({
  subject: subject.optional(),
  text: message(MESSAGES.text, NUDGE_TEXT_MAX, MESSAGES.textMax).optional(),
  reason: reason.optional(),
});
/** The nudge page's form: what it shows is what is sent, so both are required. */
export const nudgeFormSchema = z.object({
  subject,
  text: message(MESSAGES.text, NUDGE_TEXT_MAX, MESSAGES.textMax),
  reason: reason.optional(),
});
export type NudgeInput = z.output<typeof nudgeSchema>;

export const announcementSchema = z.object({
  cohortId: z.string({ error: MESSAGES.cohortId }).trim().min(1, MESSAGES.cohortId).max(64, MESSAGES.cohortId),
  subject,
  body: message(MESSAGES.body, ANNOUNCEMENT_BODY_MAX, MESSAGES.bodyMax),
});
export type AnnouncementInput = z.output<typeof announcementSchema>;

/** The `?reason=` of the nudge page: one of the desk's names, else none (the general check-in). */
export function nudgeReason(value: string | undefined): NudgeReason | null {
  return NUDGE_REASONS.includes(value as NudgeReason) ? (value as NudgeReason) : null;
}

/** What a nudge links to under its text: the one-tap moods (decision 29), their next session, or Settings (billing). */
export type NudgeLinks = 'moods' | 'session' | 'billing';

export function nudgeLinks(reason: NudgeReason | null): NudgeLinks {
  if (reason === 'stall') return 'session';
  if (reason === 'grace') return 'billing';
  return 'moods';
}

export interface NudgeTemplateFacts {
  /** The participant's name as stored (their first word greets them), or null. */
  name: string | null;
  /** The admin's name, or null (then 'Your coach'). */
  coachName: string | null;
  /** Their next session (1 to 4), or null when all four are done. */
  nextSession: number | null;
}

/** The subject and text a nudge starts from, per reason; the coach edits them before sending. */
export function nudgeTemplate(reason: NudgeReason | null, facts: NudgeTemplateFacts): { subject: string; text: string } {
  const first = facts.name?.trim().split(/\s+/)[0];
  const hello = first ? `Hi ${first},` : 'Hi,';
  const signature = facts.coachName?.trim() || 'Your coach';
  const letter = (subject: string, ...paragraphs: string[]) => ({ subject, text: [hello, ...paragraphs, signature].join('\n\n') });
  switch (reason) {
    case 'quiet':
      return letter(
        'Checking in on you',
        'I noticed you have not checked in for a few days. No pressure: how are you doing? Tap the number below that fits your mood today; it takes a second.',
        'If something got in the way, just reply to this email and tell me.',
      );
    case 'mood':
      return letter(
        'How are you doing?',
        'Your last few check-ins looked lower than the week before, and I wanted to see how you are.',
        'Tap the number below that fits your mood today, or reply to this email if you would like to talk.',
      );
    case 'stall':
      return letter(
        facts.nextSession ? `Session ${facts.nextSession} is waiting for you` : 'Your next step is waiting for you',
        `${facts.nextSession ? `Session ${facts.nextSession}` : 'Your next session'} is ready whenever you are. Twenty minutes is enough to make a start: the link is below.`,
        'If something is in the way, reply to this email and tell me.',
      );
    case 'grace':
      return letter(
        'About your payment',
        'It looks like your last payment did not go through. Your access stays open for now; to keep it, please update your payment details from Settings (the link is below).',
        'If you need a hand, just reply to this email.',
      );
    default:
      return letter(
        'A note from your coach',
        'Just checking in: how is the challenge going for you? Tap the number below that fits your mood today, or reply to this email.',
      );
  }
}

/** One piece of a paragraph: plain text (line breaks kept as \n) or a web address. */
export type TextPart = { text: string } | { href: string };

/** http(s) addresses; trailing punctuation ends the sentence, not the address. */
const ADDRESS = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]}'*]+$/;

/**
 * A coach's plain text as paragraphs (split at blank lines), each a list of parts: text, and the
 * http(s) addresses in it as links. Nothing else becomes a link (no javascript:, no mailto:).
 */
export function textParagraphs(text: string): TextPart[][] {
  return plainText(text)
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map((block) => {
      const parts: TextPart[] = [];
      let at = 0;
      for (const match of block.matchAll(ADDRESS)) {
        const href = match[0].replace(TRAILING, '');
        if (match.index > at) parts.push({ text: block.slice(at, match.index) });
        parts.push({ href });
        at = match.index + href.length;
      }
      if (at < block.length) parts.push({ text: block.slice(at) });
      return parts;
    });
}

/** GET / POST /api/coach-mail: whether they take mail from their coach (nudges and announcements). */
export const coachMailSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
/** The Settings switch: a checkbox sends 'on' or nothing. */
export const coachMailFormSchema = z.pipe(
  z.object({ coachMail: z.optional(z.string()) }),
  z.transform((form) => ({ enabled: form.coachMail === 'on' })),
);
