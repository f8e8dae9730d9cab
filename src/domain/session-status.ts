// The four challenge sessions: what they are called and which are completed (docs/product.md#session-order-and-status).
// Which are open is sessionGate's to say (./cohorts.ts), as a card shows it sessionStatus (./pacing.ts).
import { PRODUCT_NAME } from './product';

export const SESSION_COUNT = 4;
const SESSION_NUMBERS = [1, 2, 3, 4] as const;
export type SessionNumber = (typeof SESSION_NUMBERS)[number];

export interface SessionInfo {
  number: SessionNumber;
  /** The card title on /sessions. */
  title: string;
  /** The heading of /sessions/{n}: Session 4's names the product (docs/product.md#session-order-and-status). */
  pageTitle: string;
  /** 'Week N' */
  badge: string;
  summary: string;
}

export const SESSIONS: readonly SessionInfo[] = [
  {
    number: 1,
    title: 'Wheel of Truth',
    pageTitle: 'Wheel of Truth',
    badge: 'Week 1',
    summary: 'Score all arenas, identify imbalance, select your Keystone focus area.',
  },
  {
    number: 2,
    title: 'Break the Chains',
    pageTitle: 'Break the Chains',
    badge: 'Week 2',
    summary: 'Identify blockers like fear, guilt, and envy.',
  },
  {
    number: 3,
    title: 'Fuel & Accelerate',
    pageTitle: 'Fuel & Accelerate',
    badge: 'Week 3',
    summary: 'Select accelerators: gratitude, discipline, service, and faith.',
  },
  {
    number: 4,
    // 'The Life7 Path' everywhere, the card included: its title includes the product name (docs/product.md#words-and-names).
    title: `The ${PRODUCT_NAME} Path`,
    pageTitle: `The ${PRODUCT_NAME} Path`,
    badge: 'Week 4',
    summary: "Write a 90-day 'Legacy Map' and commit.",
  },
];

/**
 * When each session was completed (ISO time), as the progress record stores it. A missing record
 * (a user who has not saved anything yet) is passed as null.
 */
export interface SessionCompletions {
  session1CompletedAt: string | null;
  session2CompletedAt: string | null;
  session3CompletedAt: string | null;
  session4CompletedAt: string | null;
}

/** The resume target once every session is done. */
export const ALL_SESSIONS_DONE = 5;

export function isSessionNumber(value: unknown): value is SessionNumber {
  return typeof value === 'number' && (SESSION_NUMBERS as readonly number[]).includes(value);
}

export function sessionInfo(n: SessionNumber): SessionInfo {
  return SESSIONS[n - 1] as SessionInfo;
}

function completedAt(completions: SessionCompletions | null | undefined, n: SessionNumber): string | null {
  if (!completions) return null;
  const keys = {
    1: completions.session1CompletedAt,
    2: completions.session2CompletedAt,
    3: completions.session3CompletedAt,
    4: completions.session4CompletedAt,
  } as const;
  return keys[n] ?? null;
}

export function isSessionCompleted(completions: SessionCompletions | null | undefined, n: SessionNumber): boolean {
  // An empty string is not a timestamp.
  return Boolean(completedAt(completions, n));
}

/** The first session not yet completed, or 5 when all four are done. */
export function resumeTarget(completions: SessionCompletions | null | undefined): SessionNumber | typeof ALL_SESSIONS_DONE {
  return SESSION_NUMBERS.find((n) => !isSessionCompleted(completions, n)) ?? ALL_SESSIONS_DONE;
}

export function completedCount(completions: SessionCompletions | null | undefined): number {
  return SESSION_NUMBERS.filter((n) => isSessionCompleted(completions, n)).length;
}

/** Completed sessions out of 4, as a percentage (0, 25, 50, 75, 100). */
export function progressPercent(completions: SessionCompletions | null | undefined): number {
  return (completedCount(completions) / SESSION_COUNT) * 100;
}

export function isChallengeComplete(completions: SessionCompletions | null | undefined): boolean {
  return completedCount(completions) === SESSION_COUNT;
}
