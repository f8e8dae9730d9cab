// Session 2 "Break the Chains": the eight blockers a participant can name (docs/product.md#validation-per-session).
export const BLOCKER_NAMES = ['Fear', 'Guilt', 'Anger', 'Shame', 'Envy', 'Laziness', 'Doubt', 'Control'] as const;
export type BlockerName = (typeof BLOCKER_NAMES)[number];

export interface BlockerInfo {
  name: BlockerName;
  description: string;
}

const DESCRIPTIONS: Record<BlockerName, string> = {
  Fear: 'Worry about failure, rejection or the unknown keeps you from taking action.',
  Guilt: 'Regret over past mistakes keeps you stuck instead of moving forward.',
  Anger: 'Resentment and frustration drain your energy and strain your relationships.',
  Shame: 'Believing you are not good enough makes you hide and hold back.',
  Envy: 'Comparing yourself with others steals your contentment and focus.',
  Laziness: 'Putting things off and choosing comfort over effort stalls your progress.',
  Doubt: 'Second-guessing yourself stops you from committing to what matters.',
  Control: 'Needing to control every outcome leaves you anxious and unable to trust others.',
};

export const BLOCKERS: readonly BlockerInfo[] = BLOCKER_NAMES.map((name) => ({ name, description: DESCRIPTIONS[name] }));

export function isBlockerName(value: unknown): value is BlockerName {
  return typeof value === 'string' && (BLOCKER_NAMES as readonly string[]).includes(value);
}
