// The Legacy Map's milestones on the calendar (decision 36, docs/product.md#the-12-week-framework):
// the day-30, day-60 and day-90 milestones fall due 30, 60 and 90 days after the day Session 4 was
// completed, counted in the participant's own zone. Marking one done is allowed at any time, and
// the day it was marked is shown. Pure.
import { MILESTONE_WEEKS, type MilestoneWeek } from './progress-schemas';
import { addDays, calendarDay, formatCalendarDay, formatInstantDay } from './time-zone';

/** Each milestone's due day ('YYYY-MM-DD'), or null before Session 4 is complete (or with an unreadable time). */
export function milestoneDueDays(session4CompletedAt: string | null | undefined, timeZone: string): Record<MilestoneWeek, string> | null {
  if (!session4CompletedAt) return null;
  let completedOn: string;
  try {
    completedOn = calendarDay(new Date(session4CompletedAt), timeZone);
  } catch {
    return null;
  }
  return Object.fromEntries(MILESTONE_WEEKS.map((week) => [week, addDays(completedOn, week)])) as Record<MilestoneWeek, string>;
}

/** 'Due Sat, Mar 7' (the year added when it is not `today`'s). */
export function milestoneDueLabel(dueDay: string, today: string): string {
  return `Due ${formatCalendarDay(dueDay, today.slice(0, 4))}`;
}

/** 'Done on Sat, Mar 7': the day it was marked, in the participant's zone. */
export function milestoneDoneLabel(doneAt: string, timeZone: string, today: string): string {
  return `Done on ${formatInstantDay(doneAt, timeZone, today.slice(0, 4)) ?? doneAt}`;
}
