// The coach's worklist (decision 40, docs/product.md#the-worklist): the needs-attention reasons as
// keys and bits, the order that puts the most urgent first, who is on the list (a handled person
// leaves it until their snooze ends or a new reason appears), and what an admin may post: an
// attention state, a private note. Pure; the SQL that applies the same rules is
// src/data/worklist.ts and src/data/cohort.ts's storeAttention.
import * as z from 'zod/mini';
import { addDays, daysBetween } from './time-zone';

/** The needs-attention reasons, in the order of their urgency, each a bit of a stored mask. */
export const REASON_KEYS = ['quiet', 'mood', 'stall', 'grace'] as const;
export type ReasonKey = (typeof REASON_KEYS)[number];
export const REASON_BITS: Record<ReasonKey, number> = { quiet: 1, mood: 2, stall: 4, grace: 8 };
/** The counts on top of the worklist, and its filter. */
export const REASON_LABELS: Record<ReasonKey, string> = {
  quiet: 'Quiet',
  mood: 'Mood falling',
  stall: 'Stalled',
  grace: 'Payment grace',
};

export const reasonKeysOf = (mask: number): ReasonKey[] => REASON_KEYS.filter((key) => (mask & REASON_BITS[key]) !== 0);

/** The person's most urgent reason (the nudge's ?reason=), or the one the list is filtered by. */
export function primaryReason(mask: number, filter: ReasonKey | null): ReasonKey | null {
  if (filter && (mask & REASON_BITS[filter]) !== 0) return filter;
  return reasonKeysOf(mask)[0] ?? null;
}

/** What a coach can do about someone on the list; 'open' puts them back on it. */
export const ATTENTION_STATES = ['contacted', 'snoozed'] as const;
type AttentionState = (typeof ATTENTION_STATES)[number];
export const SNOOZE_DAYS = [3, 7, 14] as const;

/**
 * The worklist shows this many people a page. 25, not 50: on a phone each person is a stacked card
 * of about 350 px, and each row is most of the desk's rendering (docs/perf.md, the coach's desk at
 * scale: the desk went from 3.4x to 2.5x the D1 floor with 25).
 */
export const WORKLIST_PAGE_SIZE = 25;
/** Private notes: this many characters at most, and this many per participant. */
export const NOTE_MAX = 2000;
export const NOTES_PER_PARTICIPANT = 500;

/**
 * Whether someone who needs attention for `reasons` (a mask) is on the worklist at `now`: yes
 * unless a coach handled them, and then again once their snooze ends or a reason appears that the
 * state was not set against. The same rule as worklistShown in src/data/worklist.ts.
 */
export function onWorklist(
  reasons: number,
  state: { state: AttentionState; reasons: number; until: string | null } | null,
  now: Date,
): boolean {
  if (reasons === 0) return false;
  if (!state) return true;
  if ((reasons & ~state.reasons) !== 0) return true;
  return state.state === 'snoozed' && (state.until === null || state.until <= now.toISOString());
}

/** When a snooze of `days` set at `now` ends. */
export const snoozeEnds = (now: Date, days: number): string => new Date(now.getTime() + days * 86_400_000).toISOString();

/** How urgent someone is, per reason: what the list is ordered by (null: the reason does not hold). */
export interface Urgency {
  reasons: number;
  /** Days since their last check-in. */
  quietDays: number | null;
  /** How far the last 7 days' average mood fell under the 7 days before. */
  moodDrop: number | null;
  /** Since when they have been on the same session (an instant). */
  stallSince: string | null;
  /** The soonest end of a payment's grace (an instant). */
  graceUntil: string | null;
}

const desc = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : b - a);
const ascText = (a: string | null, b: string | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0);

/**
 * Most urgent first: the longest silence, then the steepest mood fall, the longest stall, the
 * payment grace ending soonest (each only among those it holds for), then by name.
 */
export function byUrgency(a: Omit<Urgency, 'reasons'> & { name: string }, b: Omit<Urgency, 'reasons'> & { name: string }): number {
  return (
    desc(a.quietDays, b.quietDays) ||
    desc(a.moodDrop, b.moodDrop) ||
    ascText(a.stallSince, b.stallSince) ||
    ascText(a.graceUntil, b.graceUntil) ||
    a.name.localeCompare(b.name)
  );
}

/** The urgency of the reasons attentionReasons (src/domain/cohort.ts) found, from the same inputs. */
export function urgencyOf(
  p: { lastCheckIn: string | null; completedAt: readonly (string | null)[]; createdAt: string },
  found: { quiet: boolean; mood: boolean; stall: boolean },
  moods: ReadonlyMap<string, number>,
  grace: readonly { graceUntil: string }[],
  today: string,
): Urgency {
  const week = (from: number) =>
    Array.from({ length: 7 }, (_, i) => moods.get(addDays(today, -(from + i)))).filter((m): m is number => m !== undefined);
  const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const done = p.completedAt.filter((at): at is string => at !== null);
  // biome-ignore lint/complexity/useMathMinMax: ISO timestamps compared as strings
  const since = done.length > 0 ? done.reduce((a, b) => (a > b ? a : b)) : p.createdAt;
  const graceUntil = grace.length > 0 ? grace.map((g) => g.graceUntil).sort()[0]! : null;
  const reasons =
    (found.quiet ? REASON_BITS.quiet : 0) |
    (found.mood ? REASON_BITS.mood : 0) |
    (found.stall ? REASON_BITS.stall : 0) |
    (graceUntil ? REASON_BITS.grace : 0);
  return {
    reasons,
    quietDays: found.quiet && p.lastCheckIn ? daysBetween(p.lastCheckIn, today) : null,
    moodDrop: found.mood ? avg(week(7)) - avg(week(0)) : null,
    stallSince: found.stall ? since : null,
    graceUntil,
  };
}

const noteText = z
  .string({ error: 'Write the note' })
  .check(z.trim(), z.minLength(1, 'Write the note'), z.maxLength(NOTE_MAX, `A note is at most ${NOTE_MAX} characters`));

/** POST /api/admin/users/:id/notes and the participant page's note form. */
export const noteSchema = z.object({ text: noteText });

const SNOOZE_MESSAGE = 'Snooze for 3, 7 or 14 days';

/** POST /api/admin/users/:id/attention and the worklist's forms: contacted (a note optional), snoozed for days, or open again. */
export const attentionSchema = z
  .object({
    state: z.enum(['contacted', 'snoozed', 'open'], { error: 'State must be contacted, snoozed or open' }),
    days: z.optional(
      z.number({ error: SNOOZE_MESSAGE }).check(z.refine((n) => (SNOOZE_DAYS as readonly number[]).includes(n), SNOOZE_MESSAGE)),
    ),
    note: z.optional(
      z.string({ error: 'The note must be text' }).check(z.trim(), z.maxLength(NOTE_MAX, `A note is at most ${NOTE_MAX} characters`)),
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.state === 'snoozed' && value.days === undefined)
        ctx.addIssue({ code: 'custom', path: ['days'], message: SNOOZE_MESSAGE, input: value.days });
      if (value.state !== 'snoozed' && value.days !== undefined)
        ctx.addIssue({ code: 'custom', path: ['days'], message: 'Only a snooze has days', input: value.days });
      if (value.state !== 'contacted' && value.note)
        ctx.addIssue({ code: 'custom', path: ['note'], message: 'Only marking contacted takes a note', input: value.note });
    }),
  );
export type AttentionInput = z.output<typeof attentionSchema>;

/** The worklist page's query: ?reason=quiet|mood|stall|grace (else everyone) and ?page=N. */
export const worklistQuerySchema = z.object({
  reason: z.catch(z.optional(z.enum(REASON_KEYS)), undefined),
  page: z.catch(z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000))), 1), 1),
});
