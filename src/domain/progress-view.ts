// The stored progress record (JSON text columns, docs/product.md#stored-progress) and the client's view of it.
// Stored JSON is parsed defensively: text that does not parse, or parses to the wrong shape,
// counts as absent rather than failing the page.
import { isAcceleratorName } from './accelerators';
import { ARENAS, type Arena, isArena } from './arenas';
import { isBlockerName } from './blockers';
import type { AcceleratorEntry, BlockerEntry, Milestone } from './progress-schemas';
import { MILESTONE_WEEKS, type MilestoneWeek } from './progress-schemas';
import { isQuestionId } from './questions';
import type { ArenaScores } from './scoring';
import type { SessionCompletions } from './session-status';

/** A progress row as stored: JSON arrays and objects are text columns. */
export interface ProgressRecord extends SessionCompletions {
  questionResponses: string | null;
  arenaScores: string | null;
  keystoneArena: string | null;
  reflections: string | null;
  blockers: string | null;
  accelerators: string | null;
  vision90Day: string | null;
  target90Day: string | null;
  /** Defaults to '[]' in the database. */
  milestones: string | null;
  /** When each milestone was marked done, by its day: '{"30":"2026-…"}' (null: none yet). */
  milestonesDone?: string | null;
}

export interface Session1View {
  questionResponses: Record<string, number>;
  scores: ArenaScores;
  /** Null when the stored value is not an arena. */
  keystoneArena: Arena | null;
  reflections: string[];
  completedAt: string | null;
}

interface Session2View {
  blockers: BlockerEntry[];
  completedAt: string | null;
}

interface Session3View {
  accelerators: AcceleratorEntry[];
  completedAt: string | null;
}

interface Session4View {
  vision90Day: string;
  target90Day: string | null;
  milestones: Milestone[];
  /** When each milestone was marked done (ISO), by its day; a milestone not done is absent. */
  milestonesDone: Partial<Record<MilestoneWeek, string>>;
  completedAt: string | null;
}

/** A session appears only when its main field is stored (docs/product.md#stored-progress). */
export interface ProgressView {
  session1?: Session1View;
  session2?: Session2View;
  session3?: Session3View;
  session4?: Session4View;
}

function parseJson(text: string | null | undefined): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Known arenas only; an arena missing from the stored object scores 0. */
function readScores(value: Record<string, unknown>): ArenaScores {
  const scores = {} as ArenaScores;
  for (const arena of ARENAS) {
    const score = value[arena];
    scores[arena] = isFiniteNumber(score) ? score : 0;
  }
  return scores;
}

function readResponses(value: unknown): Record<string, number> {
  const responses: Record<string, number> = {};
  if (!isRecord(value)) return responses;
  for (const [id, answer] of Object.entries(value)) if (isQuestionId(id) && isFiniteNumber(answer)) responses[id] = answer;
  return responses;
}

function readBlocker(item: unknown): BlockerEntry | null {
  if (!isRecord(item) || !isBlockerName(item.name) || typeof item.reflection !== 'string') return null;
  const arenas = (asArray(item.arenas) ?? []).filter(isArena);
  return { name: item.name, reflection: item.reflection, arenas };
}

function readAccelerator(item: unknown): AcceleratorEntry | null {
  if (!isRecord(item) || !isAcceleratorName(item.name)) return null;
  if (typeof item.dailyAction !== 'string' || typeof item.measurement !== 'string') return null;
  return { name: item.name, dailyAction: item.dailyAction, measurement: item.measurement };
}

function readMilestone(item: unknown): Milestone | null {
  if (!isRecord(item) || typeof item.goal !== 'string') return null;
  const week = MILESTONE_WEEKS.find((w) => w === item.week);
  return week === undefined ? null : { week, goal: item.goal };
}

function readMilestonesDone(value: unknown): Partial<Record<MilestoneWeek, string>> {
  const done: Partial<Record<MilestoneWeek, string>> = {};
  if (!isRecord(value)) return done;
  for (const week of MILESTONE_WEEKS) {
    const at = value[String(week)];
    if (typeof at === 'string') done[week] = at;
  }
  return done;
}

function readList<T>(value: unknown, read: (item: unknown) => T | null): T[] {
  return (asArray(value) ?? []).map(read).filter((item): item is T => item !== null);
}

export function toClientView(record: ProgressRecord | null | undefined): ProgressView {
  const view: ProgressView = {};
  if (!record) return view;

  const scores = parseJson(record.arenaScores);
  if (isRecord(scores)) {
    view.session1 = {
      questionResponses: readResponses(parseJson(record.questionResponses)),
      scores: readScores(scores),
      keystoneArena: isArena(record.keystoneArena) ? record.keystoneArena : null,
      reflections: (asArray(parseJson(record.reflections)) ?? []).filter((r): r is string => typeof r === 'string'),
      completedAt: record.session1CompletedAt,
    };
  }

  const blockers = asArray(parseJson(record.blockers));
  if (blockers) view.session2 = { blockers: readList(blockers, readBlocker), completedAt: record.session2CompletedAt };

  const accelerators = asArray(parseJson(record.accelerators));
  if (accelerators) view.session3 = { accelerators: readList(accelerators, readAccelerator), completedAt: record.session3CompletedAt };

  if (typeof record.vision90Day === 'string') {
    view.session4 = {
      vision90Day: record.vision90Day,
      target90Day: record.target90Day,
      milestones: readList(parseJson(record.milestones), readMilestone),
      milestonesDone: readMilestonesDone(parseJson(record.milestonesDone)),
      completedAt: record.session4CompletedAt,
    };
  }
  return view;
}

/** A stored wheel snapshot's scores (JSON text); anything unreadable scores 0. */
export function scoresFromJson(text: string | null | undefined): ArenaScores {
  const value = parseJson(text);
  return readScores(isRecord(value) ? value : {});
}

/** A stored wheel snapshot's answers (JSON text): known question ids only; null when absent or unreadable. */
export function responsesFromJson(text: string | null | undefined): Record<string, number> | null {
  const value = parseJson(text);
  return isRecord(value) ? readResponses(value) : null;
}
