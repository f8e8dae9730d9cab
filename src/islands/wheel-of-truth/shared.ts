// What the Wheel of Truth island and its screens share: the explicit element ids (islands never
// rely on useId) and the dispatch signature the screens call.
import type { WheelAction } from '../wheel-of-truth-state';

/** Explicit element ids (islands never rely on useId). */
export const IDS = {
  question: 'wheel-question',
  questionText: 'wheel-question-text',
  ratingLabel: 'wheel-rating-label',
  back: 'wheel-back',
  next: 'wheel-next',
  resultsTitle: 'wheel-results-title',
  keystone: 'wheel-keystone',
  keystoneHint: 'wheel-keystone-hint',
  confirm: 'wheel-confirm',
  confirmTitle: 'wheel-confirm-title',
  confirmText: 'wheel-confirm-text',
  retake: 'wheel-retake',
  retakeTitle: 'wheel-retake-title',
  retakeText: 'wheel-retake-text',
  reflectionsTitle: 'wheel-reflections-title',
  saveStatus: 'wheel-save-status',
  saveHint: 'wheel-save-hint',
} as const;

export const reflectionId = (i: number): string => `wheel-reflection-${i + 1}`;

/** How a screen asks the island for a state transition. */
export type Dispatch = (action: WheelAction) => void;
