// The living demo cohort (decision 31, docs/product.md#demo-data): the demo participant
// mid-journey (Sessions 1 and 2 done, check-ins on 8 of the last 10 days) and 40 more participants
// in every state (new, on track, slipping, quiet, stalled, never started, finished, a failed
// payment in its grace, a lapsed payment), all dated relative to `now`, so a first `npm run dev`
// shows every section of /admin/cohort and every needs-attention reason. Pure: it answers SQL
// (INSERT OR IGNORE, so a second run changes nothing), which scripts/seed.mjs runs in one file.
import { refreshCheckInSummariesSql } from '../src/db/check-in-summaries';
import { ACCELERATOR_NAMES } from '../src/domain/accelerators';
import { ARENAS, type Arena } from '../src/domain/arenas';
import { BLOCKER_NAMES } from '../src/domain/blockers';
import { QUESTION_IDS } from '../src/domain/questions';
import { arenaScores, defaultKeystone } from '../src/domain/scoring';
import { addDays, calendarDay } from '../src/domain/time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;
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
  /** Days ago each session was completed (null: not yet). */
  sessions: [number | null, number | null, number | null, number | null];
  /** A retaken Session 1 this many days ago (a second wheel), if any. */
  retake?: number;
  /** [days ago, mood] per check-in. */
  checkIns: [number, number][];
  createdDaysAgo: number;
}

function journeyFor(state: State, rand: () => number): Journey {
  const mood = (base: number) => Math.max(1, Math.min(10, Math.round(base + (rand() - 0.5) * 2)));
  const daily = (from: number, to: number, base: (daysAgo: number) => number, skip = 0.1): [number, number][] =>
    Array.from({ length: from - to + 1 }, (_, i) => from - i)
      .filter(() => rand() > skip)
      .map((d): [number, number] => [d, mood(base(d))]);
  const r = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  switch (state) {
    case 'new': {
      const created = r(0, 2);
      return { createdDaysAgo: created, sessions: [null, null, null, null], checkIns: rand() > 0.5 ? [[0, mood(6)]] : [] };
    }
    case 'onTrack': {
      const created = r(8, 13);
      return { createdDaysAgo: created, sessions: [created - 1, r(1, 4), null, null], checkIns: daily(created - 1, 0, () => 7) };
    }
    case 'slipping': {
      const created = r(15, 18);
      return { createdDaysAgo: created, sessions: [created - 1, r(2, 5), null, null], checkIns: daily(13, 0, (d) => (d >= 7 ? 8 : 4), 0) };
    }
    case 'quiet': {
      const created = r(10, 14);
      const last = r(3, 6);
      return {
        createdDaysAgo: created,
        sessions: [created - 1, r(last, last + 2), null, null],
        checkIns: daily(created - 2, last, () => 6),
      };
    }
    case 'stalled': {
      const created = r(16, 20);
      return { createdDaysAgo: created, sessions: [r(9, 14), null, null, null], checkIns: daily(6, 0, () => 6, 0.3) };
    }
    case 'neverStarted':
      return { createdDaysAgo: r(8, 12), sessions: [null, null, null, null], checkIns: [] };
    case 'finished': {
      const created = r(30, 34);
      return {
        createdDaysAgo: created,
        sessions: [created - 1, created - 8, created - 15, r(1, 6)],
        retake: r(0, 2),
        checkIns: daily(created - 1, 0, () => 7, 0.15),
      };
    }
    case 'grace':
    case 'lapsed': {
      const created = r(20, 26);
      return { createdDaysAgo: created, sessions: [created - 1, created - 8, null, null], checkIns: daily(5, 0, () => 6, 0.3) };
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
  const created = at(journey.createdDaysAgo, 600);
  const verified = p.state === 'new' && rand() > 0.5 ? null : at(journey.createdDaysAgo, 590);
  t.users.push(
    row([id, p.email, p.name, p.passwordHash, 'user', p.zone, created, verified, journey.createdDaysAgo <= 1 ? null : at(r0(rand, 0, 2))]),
  );

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
  if (s1 !== null) {
    const weakest = ARENAS[Math.floor(rand() * ARENAS.length)]!;
    const responses = answers(rand, (arena) => (arena === weakest ? 3 : 5 + rand() * 3));
    const scores = arenaScores(responses);
    const keystone = defaultKeystone(scores);
    const blockers = BLOCKER_NAMES.filter(() => rand() > 0.7).slice(0, 3);
    const chosen = blockers.length > 0 ? blockers : [BLOCKER_NAMES[0]!];
    const accelerators = [...ACCELERATOR_NAMES].sort(() => rand() - 0.5).slice(0, 3);
    // A retaken Session 1 is a second, better wheel; the progress record holds the latest (decision 17).
    // Its answers are kept with each wheel, so the summary can name the questions that moved most.
    const betterResponses =
      journey.retake === undefined
        ? null
        : Object.fromEntries(
            Object.entries(responses).map(([question, value]) => [question, Math.min(10, value + Math.floor(rand() * 3))]),
          );
    const better = betterResponses ? arenaScores(betterResponses) : null;
    t.progress.push(
      row([
        id,
        JSON.stringify(betterResponses ?? responses),
        JSON.stringify(better ?? scores),
        keystone,
        JSON.stringify([
          `My ${weakest.toLowerCase()} arena has been neglected.`,
          `${keystone} lifts everything else when it is strong.`,
          'Ten minutes every morning, before the phone.',
        ]),
        at(s1),
        s2 === null
          ? null
          : JSON.stringify(chosen.map((name) => ({ name, reflection: `${name} shows up when I am tired.`, arenas: [keystone] }))),
        s2 === null ? null : at(s2),
        s3 === null
          ? null
          : JSON.stringify(
              accelerators.map((name) => ({
                name,
                dailyAction: `A daily act of ${name.toLowerCase()}`,
                measurement: 'Ticked in my journal',
              })),
            ),
        s3 === null ? null : at(s3),
        s4 === null ? null : 'A calm, strong family life with energy to spare.',
        s4 === null ? null : 'Run a 10 km race in under an hour.',
        s4 === null
          ? '[]'
          : JSON.stringify([
              { week: 30, goal: 'Run 5 km' },
              { week: 60, goal: 'Run 8 km' },
              { week: 90, goal: 'Run 10 km' },
            ]),
        s4 === null ? null : at(s4),
        at(Math.min(...journey.sessions.filter((s): s is number => s !== null))),
      ]),
    );
    t.wheels.push(row([`${id}-w1`, id, JSON.stringify(scores), keystone, at(s1), JSON.stringify(responses)]));
    if (better && journey.retake !== undefined)
      t.wheels.push(row([`${id}-w2`, id, JSON.stringify(better), keystone, at(journey.retake), JSON.stringify(betterResponses)]));
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
  }
}

/** The participant whose plan an admin raised (the trail shows it). */
const ADMIN_CHANGED = 'cohort-07';

const r0 = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** The SQL for the demo participant's journey and the 40 others (the demo accounts themselves come from seed.mjs). */
export function demoCohortSql(now: Date, passwordHash: string, demoUserId: string, demoZone: string): string {
  const t: Tables = { users: [], grants: [], memberships: [], progress: [], wheels: [], checkIns: [], audit: [], webhooks: [] };
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
      addParticipant(t, now, {
        id,
        email,
        name,
        zone: ZONES[n % ZONES.length]!,
        passwordHash,
        state,
        journey: journeyFor(state, rand),
        rand,
        plan,
      });
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

  // The demo participant: Sessions 1 (9 days ago) and 2 (2 days ago) done, 8 of the last 10 days checked in.
  const demoRand = random(7);
  addParticipantJourney(t, now, demoUserId, demoZone, demoRand);

  const insert = (table: string, columns: string, rows: string[]) =>
    rows.length === 0 ? '' : `INSERT OR IGNORE INTO ${table} (${columns}) VALUES\n${rows.join(',\n')};`;
  return [
    insert('users', 'id, email, name, password_hash, role, time_zone, created_at, email_verified_at, last_login_at', t.users),
    insert('membership_grants', 'source, subject, user_id, plan, status, grace_until, origin, updated_at', t.grants),
    insert('memberships', 'user_id, plan, status, source, stripe_customer_id, grace_until, updated_at', t.memberships),
    insert(
      'progress',
      'user_id, question_responses, arena_scores, keystone_arena, reflections, session1_completed_at, blockers, session2_completed_at, accelerators, session3_completed_at, vision_90_day, target_90_day, milestones, session4_completed_at, updated_at',
      t.progress,
    ),
    insert('wheel_snapshots', 'id, user_id, arena_scores, keystone_arena, completed_at, question_responses', t.wheels),
    insert('check_ins', 'id, user_id, date, mood, drift, win, created_at', t.checkIns),
    insert('audit_entries', 'id, user_id, at, actor, action, from_value, to_value', t.audit),
    insert('webhook_events', 'id, source, external_id, event_type, status, processed_at, payload, error_message', t.webhooks),
    // The cohort view's summary of everyone's check-ins, as each check-in write keeps it.
    `${refreshCheckInSummariesSql('true')};`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The demo account's own journey (its user row is seed.mjs's). */
function addParticipantJourney(t: Tables, now: Date, id: string, zone: string, rand: () => number): void {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const responses = answers(rand, (arena) => (arena === 'Fitness' ? 3.5 : arena === 'Faith' ? 8 : 6));
  const scores = arenaScores(responses);
  const keystone = defaultKeystone(scores);
  t.progress.push(
    row([
      id,
      JSON.stringify(responses),
      JSON.stringify(scores),
      keystone,
      JSON.stringify([
        'Work has crowded out my health.',
        `${keystone} gives me the energy for everything else.`,
        'A 20-minute walk every morning this week.',
      ]),
      at(9),
      JSON.stringify([
        { name: 'Doubt', reflection: 'I doubt I can keep a routine going.', arenas: [keystone] },
        { name: 'Laziness', reflection: 'Evenings on the sofa win too often.', arenas: [keystone, 'Fun'] },
      ]),
      at(2),
      null,
      null,
      null,
      null,
      '[]',
      null,
      at(2),
    ]),
  );
  t.wheels.push(row([`${id}-w1`, id, JSON.stringify(scores), keystone, at(9), JSON.stringify(responses)]));
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
