// The living demo cohort (decision 31, docs/product.md#demo-data): the demo participant in week 2
// of the running cohort (Sessions 1 and 2 done, check-ins on 8 of the last 10 days) and 40 more
// participants in every state (new, on track, slipping, quiet, stalled, never started, finished, a
// failed payment in its grace, a lapsed payment), spread over the four cohorts of
// scripts/demo-cohorts.ts and dated to fit their weekly pacing (decision 36), all relative to
// `now`, so a first `npm run dev` shows every section of the coach's desk and every needs-attention
// reason. Pure: it answers SQL (INSERT OR IGNORE, so a second run changes nothing) and where each
// person is, which scripts/demo-seed.ts puts in the one SQL file scripts/seed.mjs runs.
import { refreshCheckInSummariesSql } from '../src/db/check-in-summaries';
import { ACCELERATOR_NAMES } from '../src/domain/accelerators';
import { ARENAS, type Arena } from '../src/domain/arenas';
import { BLOCKER_NAMES } from '../src/domain/blockers';
import { QUESTION_IDS } from '../src/domain/questions';
import { arenaScores, defaultKeystone } from '../src/domain/scoring';
import { addDays, calendarDay } from '../src/domain/time-zone';
import {
  cohortMoment,
  cohortToday,
  type DemoCohort,
  type DemoCohortKey,
  type DemoCohorts,
  type Placement,
  seatInOrder,
} from './demo-cohorts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'America/Chicago', 'Australia/Sydney'];
const NAMES = [
  'Ana López',
  'Ben Carter',
  'Chloé Martin',
  'Dev Patel',
  'Ebony Brooks',
  'Farid Haddad',
  'Grace Kim',
  'Hugo Silva',
  'Ines Costa',
  'Jamal Wright',
  'Keiko Tanaka',
  'Liam O’Brien',
  'Maya Cohen',
  'Noah Fischer',
  'Olivia Rossi',
  'Pablo Ruiz',
  'Quinn Taylor',
  'Rosa Medina',
  'Sam Okafor',
  'Tara Singh',
  'Uma Nair',
  'Victor Dubois',
  'Wendy Zhang',
  'Xavier Moreau',
  'Yara Haddad',
  'Zoe Adams',
  'Aaron Lee',
  'Bianca Ferreira',
  'Carlos Mendes',
  'Dana Novak',
  'Elif Yilmaz',
  'Felix Wagner',
  'Gina Russo',
  'Hana Sato',
  'Ivan Petrov',
  'Julia Berg',
  'Kofi Mensah',
  'Lena Schmidt',
  'Marco Bianchi',
  'Nadia Rahman',
];

type State = 'new' | 'onTrack' | 'slipping' | 'quiet' | 'stalled' | 'neverStarted' | 'finished' | 'grace' | 'lapsed';
const STATES: [State, number][] = [
  ['new', 6],
  ['onTrack', 6],
  ['slipping', 6],
  ['quiet', 5],
  ['stalled', 5],
  ['neverStarted', 2],
  ['finished', 6],
  ['grace', 2],
  ['lapsed', 2],
];

/** A small seeded generator (mulberry32): the same cohort on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const q = (value: string | number | null): string =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
const row = (values: (string | number | null)[]) => `(${values.map(q).join(', ')})`;

interface Tables {
  users: string[];
  grants: string[];
  memberships: string[];
  progress: string[];
  wheels: string[];
  checkIns: string[];
  /** The daily practice's answers (decision 38): check_in_actions rows. */
  actions: string[];
  audit: string[];
  webhooks: string[];
}

/** 70 answers around a level per arena (1 to 10). */
function answers(rand: () => number, level: (arena: Arena) => number): Record<string, number> {
  return Object.fromEntries(
    QUESTION_IDS.map((id, i) => {
      const arena = ARENAS[Math.floor(i / 10)]!;
      return [id, Math.max(1, Math.min(10, Math.round(level(arena) + (rand() - 0.5) * 3)))];
    }),
  );
}

interface Journey {
  /** The cohort they are in now. */
  cohort: DemoCohortKey;
  /** An earlier cohort they were moved out of, and when (they joined it at sign-up). */
  movedFrom?: { cohort: DemoCohortKey; at: string };
  created: string;
  /** When each session was completed (null: not yet). */
  sessions: [string | null, string | null, string | null, string | null];
  /** A retaken Session 1 (a second wheel), if any. */
  retake?: string;
  /** [days ago, mood] per check-in. */
  checkIns: [number, number][];
}

/**
 * Where a participant of each state is and when they did what, fitting their cohort's weekly
 * pacing (decision 36): Session n done on or after day 7(n-1)+1. `nth` counts within the state.
 */
function journeyFor(state: State, nth: number, rand: () => number, now: Date, cohorts: DemoCohorts): Journey {
  const mood = (base: number) => Math.max(1, Math.min(10, Math.round(base + (rand() - 0.5) * 2)));
  const daily = (from: number, to: number, base: (daysAgo: number) => number, skip = 0.1): [number, number][] =>
    Array.from({ length: Math.max(0, from - to + 1) }, (_, i) => from - i)
      .filter(() => rand() > skip)
      .map((d): [number, number] => [d, mood(base(d))]);
  const r = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * HOUR_MS).toISOString();
  // Day k of a cohort at an hour in the coaches' zone, and how many days ago that was.
  const running = cohorts.running;
  const finished = cohorts.finished;
  const on = (cohort: DemoCohort, day: number, hour = 19) => cohortMoment(cohort, day, hour, now);
  const today = cohortToday(running, now);
  const todayFinished = cohortToday(finished, now);
  switch (state) {
    case 'new': {
      // Signed up in the last days into the default, self-paced cohort; after the first two, the
      // coach moved each to the upcoming cohort within the hour: its seats went first, then its waitlist.
      const created = r(0, 2);
      const checkIns: [number, number][] = rand() > 0.5 ? [[0, mood(6)]] : [];
      const joined = ago(created, 10);
      if (nth < 2) return { cohort: 'selfPaced', created: joined, sessions: [null, null, null, null], checkIns };
      return {
        cohort: 'upcoming',
        movedFrom: { cohort: 'selfPaced', at: ago(created, 9) },
        created: joined,
        sessions: [null, null, null, null],
        checkIns,
      };
    }
    case 'onTrack': {
      if (nth === 5) {
        // Self-paced: the first three sessions in one sitting, five days ago.
        return {
          cohort: 'selfPaced',
          created: ago(6),
          sessions: [ago(5, 3), ago(5, 2), ago(5, 1), null],
          checkIns: daily(5, 0, () => 7),
        };
      }
      const s1 = r(1, 3);
      return {
        cohort: 'running',
        created: on(running, -r(2, 9), 10),
        sessions: [on(running, s1), on(running, r(8, today)), null, null],
        checkIns: daily(today - s1, 0, () => 7),
      };
    }
    case 'slipping': {
      const s1 = r(1, 3);
      return {
        cohort: 'running',
        created: on(running, -r(5, 12), 10),
        sessions: [on(running, s1), rand() > 0.5 ? on(running, r(8, today)) : null, null, null],
        checkIns: daily(13, 0, (d) => (d >= 7 ? 8 : 4), 0),
      };
    }
    case 'quiet': {
      const s1 = r(1, 3);
      const last = r(3, Math.min(6, today - s1));
      return {
        cohort: 'running',
        created: on(running, -r(1, 6), 10),
        sessions: [on(running, s1), null, null, null],
        checkIns: daily(today - s1, last, () => 6),
      };
    }
    case 'stalled':
      // Session 1 done a week or more ago; Session 2 is open and not done.
      return {
        cohort: 'running',
        created: on(running, -r(3, 10), 10),
        sessions: [on(running, r(1, Math.max(1, today - 7))), null, null, null],
        checkIns: daily(6, 0, () => 6, 0.3),
      };
    case 'neverStarted':
      // Signed up for the running cohort, never began; the coach moved them to the next one.
      return {
        cohort: 'upcoming',
        movedFrom: { cohort: 'running', at: ago(r(3, 5), 5) },
        created: on(running, -r(1, 4), 10),
        sessions: [null, null, null, null],
        checkIns: [],
      };
    case 'finished': {
      // Through the finished cohort week by week, then the wheel again after its week 4: a gain.
      const s1 = r(1, 2);
      return {
        cohort: 'finished',
        created: on(finished, -r(2, 9), 10),
        sessions: [on(finished, s1), on(finished, r(8, 9)), on(finished, r(15, 16)), on(finished, r(22, 25))],
        retake: ago(r(0, 2), 1),
        checkIns: daily(todayFinished - s1, 0, () => 7, 0.15),
      };
    }
    case 'grace': {
      const s1 = r(1, 3);
      return {
        cohort: 'running',
        created: on(running, -r(3, 10), 10),
        sessions: [on(running, s1), on(running, r(8, today)), null, null],
        checkIns: daily(5, 0, () => 6, 0.3),
      };
    }
    case 'lapsed': {
      // In the finished cohort until week 3, when the check-ins stopped; the payment lapsed since.
      const s1 = r(1, 3);
      return {
        cohort: 'finished',
        created: on(finished, -r(3, 10), 10),
        sessions: [on(finished, s1), on(finished, r(8, 10)), null, null],
        checkIns: daily(todayFinished - s1, todayFinished - 18, () => 6, 0.3),
      };
    }
  }
}

function addParticipant(
  t: Tables,
  now: Date,
  p: {
    id: string;
    email: string;
    name: string;
    zone: string;
    passwordHash: string;
    state: State;
    journey: Journey;
    rand: () => number;
    plan: 'admin' | 'admin-mastermind' | 'stripe-grace' | 'stripe-lapsed';
  },
): void {
  const { id, journey, rand } = p;
  const at = (daysAgo: number, hour = 17) => new Date(now.getTime() - daysAgo * DAY_MS - hour * 60 * 1000).toISOString();
  const today = calendarDay(now, p.zone);
  const created = journey.created;
  const verified = p.state === 'new' && rand() > 0.5 ? null : new Date(Date.parse(created) + 10 * 60 * 1000).toISOString();
  const lastLogin = now.getTime() - Date.parse(created) <= DAY_MS ? null : at(r0(rand, 0, 2));
  t.users.push(row([id, p.email, p.name, p.passwordHash, 'user', p.zone, created, verified, lastLogin]));

  if (p.plan === 'admin' || p.plan === 'admin-mastermind') {
    // One participant's plan was raised by an admin (its trail says so below).
    const [plan, origin] = p.plan === 'admin' ? (['challenge', 'seed'] as const) : (['mastermind', 'admin'] as const);
    t.grants.push(row(['admin', id, id, plan, 'active', null, origin, created]));
    t.memberships.push(row([id, plan, 'active', origin, null, null, created]));
  } else {
    const customer = `cus_demo_${id.slice(-2)}`;
    const graceUntil = p.plan === 'stripe-grace' ? at(-3 - r0(rand, 0, 2), -600) : at(2 + r0(rand, 0, 3));
    const failedAt = new Date(Date.parse(graceUntil) - 7 * DAY_MS).toISOString();
    t.grants.push(row(['stripe', customer, id, 'premium', 'past_due', graceUntil, 'stripe', failedAt]));
    t.memberships.push(row([id, 'premium', 'past_due', 'stripe', customer, graceUntil, failedAt]));
    t.audit.push(row([`${id}-a1`, id, created, 'stripe', 'Stripe grant changed', null, 'Premium, active']));
    t.audit.push(
      row([
        `${id}-a2`,
        id,
        failedAt,
        'stripe',
        'Stripe grant changed',
        'Premium, active',
        `Premium, payment failed (grace until ${graceUntil.slice(0, 10)})`,
      ]),
    );
    const payload = JSON.stringify({ id: `evt_demo_${id}`, type: 'invoice.payment_failed', data: { object: { customer } } });
    t.webhooks.push(row([`wh-${id}`, 'stripe', `evt_demo_${id}`, 'invoice.payment_failed', 'success', failedAt, payload, null]));
  }

  const [s1, s2, s3, s4] = journey.sessions;
  // Their three daily actions once Session 3 is done, for the check-ins from that day on.
  let practice: { name: string; dailyAction: string }[] = [];
  if (s1 !== null) {
    const weakest = ARENAS[Math.floor(rand() * ARENAS.length)]!;
    const responses = answers(rand, (arena) => (arena === weakest ? 3 : 5 + rand() * 3));
    const scores = arenaScores(responses);
    const keystone = defaultKeystone(scores);
    const blockers = BLOCKER_NAMES.filter(() => rand() > 0.7).slice(0, 3);
    const chosen = blockers.length > 0 ? blockers : [BLOCKER_NAMES[0]!];
    const accelerators = [...ACCELERATOR_NAMES].sort(() => rand() - 0.5).slice(0, 3);
    if (s3 !== null) practice = accelerators.map((name) => ({ name, dailyAction: `A daily act of ${name.toLowerCase()}` }));
    // A retaken Session 1 is a second, better wheel; the progress record holds the latest (decision 17).
    // Its answers are kept with each wheel, so the summary can name the questions that moved most.
    const betterResponses =
      journey.retake === undefined
        ? null
        : Object.fromEntries(
            Object.entries(responses).map(([question, value]) => [question, Math.min(10, value + Math.floor(rand() * 3))]),
          );
    const better = betterResponses ? arenaScores(betterResponses) : null;
    // Each wheel keeps the reflections written with it (decision 39): a retaken first wheel its own.
    const reflections = JSON.stringify([
      `My ${weakest.toLowerCase()} arena has been neglected.`,
      `${keystone} lifts everything else when it is strong.`,
      'Ten minutes every morning, before the phone.',
    ]);
    const firstReflections = JSON.stringify([
      `I had not seen how far ${weakest.toLowerCase()} had slipped.`,
      `${keystone} is where a small change shows first.`,
      'Write down one thing each evening.',
    ]);
    t.progress.push(
      row([
        id,
        JSON.stringify(betterResponses ?? responses),
        JSON.stringify(better ?? scores),
        keystone,
        reflections,
        s1,
        s2 === null
          ? null
          : JSON.stringify(chosen.map((name) => ({ name, reflection: `${name} shows up when I am tired.`, arenas: [keystone] }))),
        s2,
        s3 === null ? null : JSON.stringify(practice.map((action) => ({ ...action, measurement: 'Ticked in my journal' }))),
        s3,
        s4 === null ? null : 'A calm, strong family life with energy to spare.',
        s4 === null ? null : 'Run a 10 km race in under an hour.',
        s4 === null
          ? '[]'
          : JSON.stringify([
              { week: 30, goal: 'Run 5 km' },
              { week: 60, goal: 'Run 8 km' },
              { week: 90, goal: 'Run 10 km' },
            ]),
        s4,
        [...journey.sessions, journey.retake ?? null]
          .filter((s): s is string => s !== null)
          .sort()
          .at(-1)!,
      ]),
    );
    const retaken = better !== null && journey.retake !== undefined;
    t.wheels.push(
      row([`${id}-w1`, id, JSON.stringify(scores), keystone, s1, JSON.stringify(responses), retaken ? firstReflections : reflections]),
    );
    if (retaken)
      t.wheels.push(row([`${id}-w2`, id, JSON.stringify(better), keystone, journey.retake!, JSON.stringify(betterResponses), reflections]));
  }
  for (const [daysAgo, mood] of journey.checkIns) {
    const date = addDays(today, -daysAgo);
    t.checkIns.push(
      row([
        `${id}-c${daysAgo}`,
        id,
        date,
        mood,
        daysAgo % 3 === 0 ? 'Scrolled too long at night' : '',
        daysAgo % 2 === 0 ? 'Walked after lunch' : '',
        at(daysAgo, 180),
      ]),
    );
    // From the day Session 3 was done: each action done on most days, not on every third (no draw
    // from `rand`, so everything else seeded stays as it was).
    if (s3 !== null && date >= s3.slice(0, 10)) {
      for (const [i, action] of practice.entries())
        t.actions.push(row([id, date, action.name, action.dailyAction, (daysAgo + i) % 3 === 0 ? 0 : 1]));
    }
  }
}

/** The participant whose plan an admin raised (the trail shows it). */
const ADMIN_CHANGED = 'cohort-07';

const r0 = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** The SQL for the demo participant's journey and the 40 others (the demo accounts themselves come from seed.mjs). */
export function demoCohortSql(
  now: Date,
  cohorts: DemoCohorts,
  passwordHash: string,
  demo: { id: string; zone: string },
): { statements: string[]; placements: Placement[] } {
  const t: Tables = {
    users: [],
    grants: [],
    memberships: [],
    progress: [],
    wheels: [],
    checkIns: [],
    actions: [],
    audit: [],
    webhooks: [],
  };
  const joining: { userId: string; cohortId: string; joinedAt: string }[] = [];
  const earlierPlaces: Placement[] = [];
  let n = 0;
  for (const [state, count] of STATES) {
    for (let i = 0; i < count; i++, n++) {
      const rand = random(1000 + n);
      const name = NAMES[n]!;
      const id = `cohort-${String(n + 1).padStart(2, '0')}`;
      const email = `${name
        .split(' ')[0]!
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]/g, '')}.${String(n + 1).padStart(2, '0')}@cohort.life7.local`;
      const plan =
        state === 'grace' ? 'stripe-grace' : state === 'lapsed' ? 'stripe-lapsed' : id === ADMIN_CHANGED ? 'admin-mastermind' : 'admin';
      const journey = journeyFor(state, i, rand, now, cohorts);
      addParticipant(t, now, {
        id,
        email,
        name,
        zone: ZONES[n % ZONES.length]!,
        passwordHash,
        state,
        journey,
        rand,
        plan,
      });
      if (journey.movedFrom) {
        const from = journey.movedFrom;
        earlierPlaces.push({
          userId: id,
          cohortId: cohorts[from.cohort].id,
          seat: 'seated',
          joinedAt: journey.created,
          seatedAt: journey.created,
          leftAt: from.at,
        });
      }
      joining.push({ userId: id, cohortId: cohorts[journey.cohort].id, joinedAt: journey.movedFrom?.at ?? journey.created });
    }
  }
  // Two admin changes, so the trail shows an admin too.
  const earlier = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  t.audit.push(
    row([
      `${ADMIN_CHANGED}-a1`,
      ADMIN_CHANGED,
      earlier(5),
      'admin@life7.local',
      'Admin plan changed',
      'Challenge, active',
      'Mastermind, active',
    ]),
  );
  // Events that changed nothing, or need a person: grey and amber on /admin/webhooks.
  t.webhooks.push(
    row([
      'wh-ignored',
      'stripe',
      'evt_demo_ignored',
      'customer.subscription.updated',
      'ignored',
      earlier(2),
      '{"id":"evt_demo_ignored"}',
      'The grant already says this: nothing changed',
    ]),
  );
  t.webhooks.push(
    row([
      'wh-review',
      'stripe',
      'evt_demo_review',
      'checkout.session.completed',
      'needs review',
      earlier(1),
      '{"id":"evt_demo_review"}',
      'The address ben.02@cohort.life7.local is already linked to cus_demo_other: nothing changed',
    ]),
  );

  // The demo participant, in the running cohort's week 2: Sessions 1 and 2 done, 8 of the last 10 days checked in.
  const demoRand = random(7);
  const demoDates = demoParticipantDates(now, cohorts);
  addParticipantJourney(t, now, demo.id, demo.zone, demoDates, demoRand);
  joining.push({ userId: demo.id, cohortId: cohorts.running.id, joinedAt: demoDates.created });

  // Seats by capacity, first come first served (the upcoming cohort is full and has a waitlist).
  const placements = [
    ...earlierPlaces,
    ...Object.values(cohorts).flatMap((cohort) =>
      seatInOrder(
        joining.filter((p) => p.cohortId === cohort.id),
        cohort.capacity,
      ),
    ),
  ];

  const insert = (table: string, columns: string, rows: string[]) =>
    rows.length === 0 ? '' : `INSERT OR IGNORE INTO ${table} (${columns}) VALUES\n${rows.join(',\n')};`;
  const statements = [
    insert('users', 'id, email, name, password_hash, role, time_zone, created_at, email_verified_at, last_login_at', t.users),
    insert('membership_grants', 'source, subject, user_id, plan, status, grace_until, origin, updated_at', t.grants),
    insert('memberships', 'user_id, plan, status, source, stripe_customer_id, grace_until, updated_at', t.memberships),
    insert(
      'progress',
      'user_id, question_responses, arena_scores, keystone_arena, reflections, session1_completed_at, blockers, session2_completed_at, accelerators, session3_completed_at, vision_90_day, target_90_day, milestones, session4_completed_at, updated_at',
      t.progress,
    ),
    insert('wheel_snapshots', 'id, user_id, arena_scores, keystone_arena, completed_at, question_responses, reflections', t.wheels),
    // Only for people without a check-in: run again on a later day, the seed adds none.
    t.checkIns.length === 0
      ? ''
      : [
          'INSERT OR IGNORE INTO check_ins (id, user_id, date, mood, drift, win, created_at)',
          `SELECT * FROM (VALUES\n${t.checkIns.join(',\n')}) AS v`,
          'WHERE NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.user_id = v.column2);',
        ].join('\n'),
    // Only for people without an answer, and only for check-ins that are there (a later run adds no check-in).
    t.actions.length === 0
      ? ''
      : [
          'INSERT OR IGNORE INTO check_in_actions (user_id, date, accelerator, daily_action, done)',
          `SELECT * FROM (VALUES\n${t.actions.join(',\n')}) AS v`,
          'WHERE EXISTS (SELECT 1 FROM check_ins c WHERE c.user_id = v.column1 AND c.date = v.column2)',
          'AND NOT EXISTS (SELECT 1 FROM check_in_actions a WHERE a.user_id = v.column1);',
        ].join('\n'),
    insert('audit_entries', 'id, user_id, at, actor, action, from_value, to_value', t.audit),
    insert('webhook_events', 'id, source, external_id, event_type, status, processed_at, payload, error_message', t.webhooks),
    // The cohort view's summary of everyone's check-ins, as each check-in write keeps it.
    `${refreshCheckInSummariesSql('true')};`,
  ].filter(Boolean);
  return { statements, placements };
}

/**
 * When the demo participant signed up (five days before the running cohort started), and completed
 * Session 1 (its day 2, in week 1) and Session 2 (day 8 or later: the day before today, or today on day 8).
 */
function demoParticipantDates(now: Date, cohorts: DemoCohorts): { created: string; session1: string; session2: string } {
  const running = cohorts.running;
  return {
    created: cohortMoment(running, -4, 10, now),
    session1: cohortMoment(running, 2, 19.5, now),
    session2: cohortMoment(running, Math.max(8, cohortToday(running, now) - 1), 20, now),
  };
}

/** The demo account's own journey (its user row is scripts/demo-seed.ts's). */
function addParticipantJourney(
  t: Tables,
  now: Date,
  id: string,
  zone: string,
  dates: ReturnType<typeof demoParticipantDates>,
  rand: () => number,
): void {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const responses = answers(rand, (arena) => (arena === 'Fitness' ? 3.5 : arena === 'Faith' ? 8 : 6));
  const scores = arenaScores(responses);
  const keystone = defaultKeystone(scores);
  const demoReflections = JSON.stringify([
    'Work has crowded out my health.',
    `${keystone} gives me the energy for everything else.`,
    'A 20-minute walk every morning this week.',
  ]);
  t.progress.push(
    row([
      id,
      JSON.stringify(responses),
      JSON.stringify(scores),
      keystone,
      demoReflections,
      dates.session1,
      JSON.stringify([
        { name: 'Doubt', reflection: 'I doubt I can keep a routine going.', arenas: [keystone] },
        { name: 'Laziness', reflection: 'Evenings on the sofa win too often.', arenas: [keystone, 'Fun'] },
      ]),
      dates.session2,
      null,
      null,
      null,
      null,
      '[]',
      null,
      dates.session2,
    ]),
  );
  t.wheels.push(row([`${id}-w1`, id, JSON.stringify(scores), keystone, dates.session1, JSON.stringify(responses), demoReflections]));
  const today = calendarDay(now, zone);
  const moods = [6, 7, 0, 6, 7, 8, 0, 7, 8, 8];
  moods.forEach((mood, i) => {
    const daysAgo = 9 - i;
    if (mood > 0)
      t.checkIns.push(
        row([
          `${id}-c${daysAgo}`,
          id,
          addDays(today, -daysAgo),
          mood,
          daysAgo === 3 ? 'Skipped the walk, slept late' : '',
          'Walked before work',
          at(daysAgo),
        ]),
      );
  });
}
