// The database handle of one request: drizzle over a D1 session (the Sessions API), so reads may
// be served by the nearest read replica while a bookmark keeps each visitor's own writes visible
// to them (README, "Read replicas"). In benchmarks and tests it can also count round trips and
// the rows D1 read.
import { type DrizzleD1Database, drizzle } from 'drizzle-orm/d1';

/** drizzle over the request's D1 session, which it keeps as `$client` (src/db/prepared.ts runs SQL on it). */
export type Db = DrizzleD1Database & { $client: D1Database };

export function getDb(d1: D1Database | D1DatabaseSession): Db {
  // drizzle only calls prepare() and batch(), which a D1 session has too. No `schema`: nothing
  // uses drizzle's relational queries (db.query), and with a schema drizzle rebuilds its relation
  // map from every table on each call, that is on every request.
  return drizzle(d1 as D1Database);
}

export interface RequestDb {
  db: Db;
  /** The session's bookmark: where the database stood after this request's last query. */
  bookmark(): string | null;
  /** Round trips to D1 so far (a batch is one), when counting is on; else null. */
  roundTrips(): number | null;
  /** Rows D1 read so far (its `meta.rows_read`, summed), when counting is on; else null. */
  rowsRead(): number | null;
}

/** The `meta.rows_read` of a D1 result (0 when it has none, as `first` and `raw` answers). */
function rowsOf(result: unknown): number {
  const meta = (result as { meta?: { rows_read?: unknown } } | null)?.meta;
  return typeof meta?.rows_read === 'number' ? meta.rows_read : 0;
}

const EXECUTE = new Set(['first', 'run', 'all', 'raw']);

/**
 * Counts each statement execution and each batch as one round trip, and can add a delay to each
 * (the bench's stand-in for a far replica or primary).
 */
function counting(session: D1DatabaseSession, count: () => void, read: (rows: number) => void, delayMs: number): D1DatabaseSession {
  // Half the delay on the way there, half on the way back, as over a real link.
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const later = <T>(work: () => Promise<T>): Promise<T> =>
    delayMs > 0
      ? wait(delayMs / 2)
          .then(work)
          .then(async (result) => {
            await wait(delayMs / 2);
            return result;
          })
      : work();
  const statement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (key === 'bind')
          return (...args: unknown[]) => statement((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args));
        if (typeof key === 'string' && EXECUTE.has(key)) {
          return (...args: unknown[]) => {
            count();
            return later(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)).then((result) => {
              read(rowsOf(result));
              return result;
            });
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  return {
    prepare: (query: string) => statement(session.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => {
      count();
      return later(() => session.batch(statements)).then((results) => {
        for (const result of results) read(rowsOf(result));
        return results;
      });
    },
    getBookmark: () => session.getBookmark(),
  } as D1DatabaseSession;
}

/**
 * `d1` itself, counting its round trips as a request's session does (and with the same delay): for
 * a job run outside a request, `GET /__scheduled` (src/jobs/scheduled-request.ts).
 */
export function countingD1(d1: D1Database, delayMs = 0): { d1: D1Database; roundTrips(): number } {
  let trips = 0;
  // The wrapper only calls prepare() and batch(), which D1Database has as a session does.
  const counted = counting(
    d1 as unknown as D1DatabaseSession,
    () => {
      trips += 1;
    },
    () => {},
    delayMs,
  );
  const wrapped = new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') return counted.prepare;
      if (key === 'batch') return counted.batch;
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { d1: wrapped, roundTrips: () => trips };
}

/**
 * Opens the request's database session: after `bookmark` (the visitor's last write) when given,
 * so they read at least what they wrote; otherwise from any replica.
 */
export function openRequestDb(
  d1: D1Database,
  options: { bookmark?: string | null; countRoundTrips?: boolean; delayMs?: number } = {},
): RequestDb {
  const session = d1.withSession(options.bookmark ?? 'first-unconstrained');
  let trips = 0;
  let rows = 0;
  const client = options.countRoundTrips
    ? counting(
        session,
        () => {
          trips += 1;
        },
        (n) => {
          rows += n;
        },
        options.delayMs ?? 0,
      )
    : session;
  return {
    db: getDb(client),
    bookmark: () => session.getBookmark(),
    roundTrips: () => (options.countRoundTrips ? trips : null),
    rowsRead: () => (options.countRoundTrips ? rows : null),
  };
}
