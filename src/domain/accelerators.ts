// Session 3 "Fuel & Accelerate": the seven accelerators, of which exactly three are chosen.
export const ACCELERATOR_NAMES = ['Gratitude', 'Discipline', 'Faith', 'Purpose', 'Service', 'Focus', 'Connection'] as const;
export type AcceleratorName = (typeof ACCELERATOR_NAMES)[number];

/** How many accelerators a participant picks: once 3 are chosen the others are disabled. */
export const ACCELERATOR_PICK = 3;

export interface AcceleratorInfo {
  name: AcceleratorName;
  description: string;
}

const DESCRIPTIONS: Record<AcceleratorName, string> = {
  Gratitude: 'Noticing and giving thanks for what you already have shifts your focus to abundance.',
  Discipline: 'Doing what matters consistently, even on the days you do not feel like it.',
  Faith: 'Trusting in something greater than yourself gives you strength and hope.',
  Purpose: 'Knowing your why gives direction and meaning to every day.',
  Service: 'Helping others builds connection and takes the focus off your own struggles.',
  Focus: 'Giving your best attention to your top priorities and saying no to distractions.',
  Connection: 'Building deep relationships that encourage and support your growth.',
};

export const ACCELERATORS: readonly AcceleratorInfo[] = ACCELERATOR_NAMES.map((name) => ({ name, description: DESCRIPTIONS[name] }));

export function isAcceleratorName(value: unknown): value is AcceleratorName {
  return typeof value === 'string' && (ACCELERATOR_NAMES as readonly string[]).includes(value);
}
