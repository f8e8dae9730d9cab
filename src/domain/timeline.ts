// One timeline per participant (docs/product.md#the-timeline): what happened to them and what the
// coaches did, newest first, a page at a time, filterable by kind. The kinds, the query the page
// and GET /api/admin/users/:id/timeline read, and each entry in words. Pure; the SQL that merges
// the sources is src/data/timeline.ts.
import * as z from 'zod/mini';
import { AUDIT_ACTIONS } from './audit';
import { formatMood } from './check-ins';

export const TIMELINE_KINDS = ['check-in', 'session', 'cohort', 'plan', 'nudge', 'announcement', 'note', 'attention', 'account'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  'check-in': 'Check-ins',
  session: 'Sessions',
  cohort: 'Cohort moves',
  plan: 'Grants and plans',
  nudge: 'Nudges',
  announcement: 'Announcements',
  note: 'Notes',
  attention: 'Worklist',
  account: 'Account',
};

/** Entries a page; pages past TIMELINE_PAGES are not read (each source reads at most TIMELINE_PAGES × the page size rows). */
export const TIMELINE_PAGE_SIZE = 20;
export const TIMELINE_PAGES = 100;

const PAGE_MESSAGE = `Page must be a whole number from 1 to ${TIMELINE_PAGES}`;
/** ?page=N (1 when missing) and ?kind= (every kind when missing); a bad value is a 400. */
export const timelineQuerySchema = z.object({
  page: z._default(
    z.pipe(
      z.coerce.number({ error: PAGE_MESSAGE }),
      z.int(PAGE_MESSAGE).check(z.gte(1, PAGE_MESSAGE), z.lte(TIMELINE_PAGES, PAGE_MESSAGE)),
    ),
    1,
  ),
  kind: z.optional(z.enum(TIMELINE_KINDS, { error: `Kind must be one of ${TIMELINE_KINDS.join(', ')}` })),
});

/** The audit actions each kind gathers; the rest of the trail is 'account'. 'Note written' and 'Cohort changed' are told by the notes and the cohort rows themselves. */
export const AUDIT_KINDS: { kind: TimelineKind; actions: readonly string[] }[] = [
  {
    kind: 'plan',
    actions: [
      AUDIT_ACTIONS.plan,
      AUDIT_ACTIONS.planEnded,
      AUDIT_ACTIONS.graceEnded,
      'Admin grant changed',
      'Stripe grant changed',
      'Patreon grant changed',
    ],
  },
  { kind: 'attention', actions: [AUDIT_ACTIONS.contacted, AUDIT_ACTIONS.snoozed, AUDIT_ACTIONS.reopened] },
  { kind: 'note', actions: [AUDIT_ACTIONS.noteDeleted] },
];
/** Left out of the timeline's audit source. */
export const AUDIT_TOLD_ELSEWHERE = [AUDIT_ACTIONS.noteWritten, AUDIT_ACTIONS.cohort];
/** Nudge and announcement entries are told by their audit action's words (decision 40). */
export const AUDIT_WORD_KINDS: { kind: TimelineKind; like: string }[] = [
  { kind: 'nudge', like: '%nudge%' },
  { kind: 'announcement', like: '%announcement%' },
];

/** A merged row as SQL answers it: the kind and up to four parts the words are made of. */
export interface TimelineRow {
  at: string;
  kind: TimelineKind;
  a: string | number | null;
  b: string | number | null;
  c: string | number | null;
  d: string | number | null;
}

export interface TimelineEntry {
  at: string;
  kind: TimelineKind;
  text: string;
}

const str = (v: string | number | null) => (v === null ? '' : String(v));

/** The row in words: 'Checked in, mood 7/10', 'Completed Session 2', 'Note by Ana: …', 'Admin plan changed: Premium, active → No plan (by coach@…)'. */
function timelineText(row: TimelineRow): string {
  switch (row.kind) {
    case 'check-in':
      return `Checked in, mood ${formatMood(Number(row.a))}`;
    case 'session':
      return `Completed Session ${str(row.a)}`;
    case 'cohort':
      return `Joined ${str(row.a)}${row.b === 'waitlisted' ? ' (waitlisted)' : ''}${row.c ? `, left ${str(row.c).slice(0, 10)}` : ''}`;
    case 'note':
      return row.b === null ? `Note by ${str(row.a)}: ${str(row.c)}` : `${str(row.b)} (by ${str(row.a)})`;
    default: {
      // An audit entry: a = action, b = from, c = to, d = actor.
      const change =
        row.b !== null && row.c !== null
          ? `: ${str(row.b)} → ${str(row.c)}`
          : row.c !== null
            ? `: ${str(row.c)}`
            : row.b !== null
              ? `: ${str(row.b)}`
              : '';
      return `${str(row.a)}${change} (by ${str(row.d)})`;
    }
  }
}

export function timelineEntry(row: TimelineRow): TimelineEntry {
  return { at: row.at, kind: row.kind, text: timelineText(row) };
}
