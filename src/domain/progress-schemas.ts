// zod schemas for POST /api/progress (docs/product.md#json-api): one session's fields at a time.
// The per-session schemas also validate the HTML form posts (through conform), so every
// "missing" value gets the same message as a blank one: conform turns empty fields into undefined.
import * as z from 'zod/mini';
import { ACCELERATOR_NAMES, ACCELERATOR_PICK } from './accelerators';
import { ARENAS } from './arenas';
import { BLOCKER_NAMES } from './blockers';
import { QUESTION_IDS, RATING_MAX, RATING_MIN, REFLECTION_COUNT } from './questions';
import { SCORE_MAX, SCORE_MIN } from './scoring';
import type { SessionNumber } from './session-status';
import { TEXT_LIMIT, TOO_LONG_MESSAGE } from './text-limit';

export const TEXT_MAX = TEXT_LIMIT;
export const MILESTONE_WEEKS = [30, 60, 90] as const;
export type MilestoneWeek = (typeof MILESTONE_WEEKS)[number];

export const PROGRESS_MESSAGES = {
  answerAll: 'Answer all 70 questions with a whole number from 1 to 10',
  arenaScores: 'Arena scores must be numbers from 0 to 10 for all 7 arenas',
  keystone: 'Choose your Keystone Arena',
  reflection: 'Please answer this reflection',
  reflections: 'Answer all 3 reflections',
  completedAt: 'Invalid completion time',
  tooLong: TOO_LONG_MESSAGE,
  blockers: 'Select at least one blocker',
  blockerName: 'Choose a blocker from the list',
  blockerTwice: 'Each blocker can be selected only once',
  blockerReflection: 'Write a reflection for this blocker',
  arena: 'Choose an arena from the list',
  arenaTwice: 'Each arena can be tagged only once',
  accelerators: 'Choose exactly 3 accelerators',
  acceleratorName: 'Choose an accelerator from the list',
  acceleratorTwice: 'Each accelerator can be chosen only once',
  dailyAction: 'Add a daily action',
  measurement: 'Add a measurement',
  vision: 'Write your vision',
  target: 'Set your 90-day target',
  milestones: 'Add all 3 milestones',
  milestoneWeek: 'Milestones are for days 30, 60 and 90, in that order',
  milestoneGoal: 'Add a goal for this milestone',
  oneSession: 'Send the progress of one session',
  mixedSessions: 'Save one session at a time',
} as const;
const M = PROGRESS_MESSAGES;

/** Text that must hold something besides spaces; stored trimmed. */
function nonBlank(message: string): z.ZodMiniString {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(TEXT_MAX, M.tooLong));
}

/** Adds `message` at `[index, key]` for every item whose `key` repeats an earlier item's. */
function flagRepeats(items: readonly unknown[], key: string | null, message: string, ctx: z.core.$RefinementCtx): void {
  const seen = new Set<unknown>();
  items.forEach((item, index) => {
    const value = key === null ? item : typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined;
    if (value === undefined) return;
    if (seen.has(value)) ctx.addIssue({ code: 'custom', message, path: key === null ? [index] : [index, key], input: item });
    seen.add(value);
  });
}

const completedAt = z.optional(z.iso.datetime({ offset: true, error: M.completedAt }));

// Session 1 ------------------------------------------------------------------------------------

const rating = z.int({ error: M.answerAll }).check(z.gte(RATING_MIN, M.answerAll), z.lte(RATING_MAX, M.answerAll));

/** Exactly the 70 question ids (a strict object, so a missing id or an extra key names itself). */
const questionResponsesSchema = z.strictObject(
  Object.fromEntries(QUESTION_IDS.map((id) => [id, rating])) as Record<string, typeof rating>,
  { error: M.answerAll },
);

/** The client's arena scores: shape only, since the server recomputes them from the answers. */
const arenaScoresSchema = z.record(
  z.enum(ARENAS, { error: M.arenaScores }),
  z.number({ error: M.arenaScores }).check(z.gte(SCORE_MIN, M.arenaScores), z.lte(SCORE_MAX, M.arenaScores)),
  { error: M.arenaScores },
);

export const session1Schema = z.object({
  questionResponses: questionResponsesSchema,
  arenaScores: z.optional(arenaScoresSchema),
  keystoneArena: z.enum(ARENAS, { error: M.keystone }),
  reflections: z.array(nonBlank(M.reflection), { error: M.reflections }).check(z.length(REFLECTION_COUNT, M.reflections)),
  session1CompletedAt: completedAt,
});

/**
 * Session 1 without JavaScript, step 1: the 70 answers as one form post (kept as a draft). The
 * fields are the bare question ids (`faith_1`): the form rides in every Session 1 page.
 */
export const session1AnswersSchema = questionResponsesSchema;

/** Session 1 without JavaScript, last step: the Keystone Arena and the reflections, saved with the draft. */
export const session1FinishSchema = z.pick(session1Schema, { keystoneArena: true, reflections: true });

// Session 2 ------------------------------------------------------------------------------------

const blockerEntrySchema = z.object({
  name: z.enum(BLOCKER_NAMES, { error: M.blockerName }),
  reflection: nonBlank(M.blockerReflection),
  // Unticked checkboxes post nothing, so no arenas at all is an empty list.
  arenas: z._default(
    z.array(z.enum(ARENAS, { error: M.arena }), { error: M.arena }).check(
      z.maxLength(ARENAS.length, M.arenaTwice),
      z.superRefine((arenas, ctx) => flagRepeats(arenas, null, M.arenaTwice, ctx)),
    ),
    [],
  ),
});

export const session2Schema = z.object({
  blockers: z.array(blockerEntrySchema, { error: M.blockers }).check(
    z.minLength(1, M.blockers),
    z.maxLength(BLOCKER_NAMES.length, M.blockerTwice),
    z.superRefine((blockers, ctx) => flagRepeats(blockers, 'name', M.blockerTwice, ctx)),
  ),
  session2CompletedAt: completedAt,
});

// Session 3 ------------------------------------------------------------------------------------

const acceleratorEntrySchema = z.object({
  name: z.enum(ACCELERATOR_NAMES, { error: M.acceleratorName }),
  dailyAction: nonBlank(M.dailyAction),
  measurement: nonBlank(M.measurement),
});

export const session3Schema = z.object({
  accelerators: z.array(acceleratorEntrySchema, { error: M.accelerators }).check(
    z.length(ACCELERATOR_PICK, M.accelerators),
    z.superRefine((accelerators, ctx) => flagRepeats(accelerators, 'name', M.acceleratorTwice, ctx)),
  ),
  session3CompletedAt: completedAt,
});

/**
 * Session 3's form post. Without JavaScript nothing stops a fourth tick, so the form's list may
 * hold all 7: the field filter keeps every ticked row, the page shows them again, and the count
 * check says why beside the list (it runs even when a row is incomplete). The JSON API and the
 * island keep session3Schema; what passes here passes there.
 */
export const session3FormSchema = z.object({
  accelerators: z.array(acceleratorEntrySchema, { error: M.accelerators }).check(
    z.maxLength(ACCELERATOR_NAMES.length, M.accelerators),
    z.superRefine(
      (accelerators, ctx) => {
        if (accelerators.length !== ACCELERATOR_PICK) ctx.addIssue({ code: 'custom', message: M.accelerators, input: accelerators });
        flagRepeats(accelerators, 'name', M.acceleratorTwice, ctx);
      },
      { when: () => true },
    ),
  ),
  session3CompletedAt: completedAt,
});

// Session 4 ------------------------------------------------------------------------------------

function milestoneSchema<W extends MilestoneWeek>(week: W) {
  return z.object({ week: z.literal(week, { error: M.milestoneWeek }), goal: nonBlank(M.milestoneGoal) });
}

const milestonesField = z.tuple([milestoneSchema(30), milestoneSchema(60), milestoneSchema(90)], { error: M.milestones });

/**
 * Session 4 as the JSON API takes it: the original payload (vision90Day, milestones) is enough, so
 * the 90-day target is optional there; sent, it must not be blank. (A tuple for the milestones:
 * exactly three, and position i must be week 30, 60, 90 in turn.)
 */
export const session4Schema = z.object({
  vision90Day: nonBlank(M.vision),
  target90Day: z.optional(nonBlank(M.target)),
  milestones: milestonesField,
  session4CompletedAt: completedAt,
});

/** Session 4's form (the page and its island): it asks for the 90-day target too. */
export const session4FormSchema = z.object({
  vision90Day: nonBlank(M.vision),
  target90Day: nonBlank(M.target),
  milestones: milestonesField,
  session4CompletedAt: completedAt,
});

export function isMilestoneWeek(value: unknown): value is MilestoneWeek {
  return (MILESTONE_WEEKS as readonly unknown[]).includes(value);
}

/** Marks a milestone of a completed Session 4 done or pending again (docs/product.md#the-12-week-framework). */
export const milestoneMarkSchema = z.object({
  // A number (conform turns the form's text into one); only the three milestone days pass.
  week: z.int({ error: M.milestoneWeek }).check(z.refine((week) => isMilestoneWeek(week), M.milestoneWeek)),
  status: z.enum(['done', 'pending'], { error: 'Say whether the milestone is done or pending' }),
});

// Any one session ------------------------------------------------------------------------------

export type Session1Payload = z.output<typeof session1Schema>;
export type Session2Payload = z.output<typeof session2Schema>;
export type Session3Payload = z.output<typeof session3Schema>;
export type Session4Payload = z.output<typeof session4Schema>;
export type ProgressPayload = Session1Payload | Session2Payload | Session3Payload | Session4Payload;
export type BlockerEntry = z.output<typeof blockerEntrySchema>;
export type AcceleratorEntry = z.output<typeof acceleratorEntrySchema>;
export interface Milestone {
  week: MilestoneWeek;
  goal: string;
}

export const SESSION_SCHEMAS = {
  1: session1Schema,
  2: session2Schema,
  3: session3Schema,
  4: session4Schema,
} as const;

/** The top-level fields each session owns (its schema's keys). */
export const SESSION_FIELDS: Readonly<Record<SessionNumber, readonly string[]>> = {
  1: Object.keys(session1Schema.shape),
  2: Object.keys(session2Schema.shape),
  3: Object.keys(session3Schema.shape),
  4: Object.keys(session4Schema.shape),
};

const SESSION_ORDER: readonly SessionNumber[] = [1, 2, 3, 4];

/**
 * The JSON body of POST /api/progress: exactly one session's fields, picked by which session's
 * fields are present, then checked by that session's schema with its paths unchanged.
 * Keys that belong to no session are dropped. HTML forms use the per-session schema instead,
 * because conform's type coercion needs a plain object schema.
 */
export const progressPayloadSchema = z.pipe(
  z.unknown(),
  z.transform((input, ctx): ProgressPayload => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      ctx.issues.push({ code: 'custom', message: M.oneSession, input, path: [] });
      return z.NEVER;
    }
    const present = SESSION_ORDER.filter((n) => SESSION_FIELDS[n].some((key) => Object.hasOwn(input, key)));
    const session = present[0];
    if (session === undefined || present.length > 1) {
      ctx.issues.push({ code: 'custom', message: session === undefined ? M.oneSession : M.mixedSessions, input, path: [] });
      return z.NEVER;
    }
    const result = SESSION_SCHEMAS[session].safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.issues.push({ ...issue, input: undefined });
    return z.NEVER;
  }),
);

/** Which session a validated payload saves. */
export function sessionOfPayload(payload: ProgressPayload): SessionNumber {
  if ('questionResponses' in payload) return 1;
  if ('blockers' in payload) return 2;
  if ('accelerators' in payload) return 3;
  return 4;
}
