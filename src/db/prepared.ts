// Queries whose SQL drizzle builds once per isolate. Building a select (its SQL text and the map of
// its columns) is CPU work, and every signed-in request makes the session lookup and its page's
// reads: in a profile of the production build they were about a seventh of /dashboard's CPU
// (docs/perf.md). Each is built once with placeholders; a request binds its own values and runs the
// SQL in its own D1 session (its replica, its bookmark), never through the handle the query was
// first built with.
import { fillPlaceholders, type Query } from 'drizzle-orm';
import type { Db } from './client';

/** What drizzle's prepared query (`.prepare()`) gives: its SQL with placeholders, and how to read its rows. */
export interface PreparedQuery {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

/** `build`'s query, prepared the first time it is needed and kept for the isolate's life. */
export function preparedOnce(build: (db: Db) => PreparedQuery): (db: Db) => PreparedQuery {
  let prepared: PreparedQuery | null = null;
  return (db) => (prepared ??= build(db));
}

/**
 * Runs the queries in `db`'s D1 session in one round trip, each with the `values` its placeholders
 * name, and answers each one's rows, mapped as drizzle maps them.
 */
export async function runBatch(db: Db, queries: readonly PreparedQuery[], values: Record<string, unknown>): Promise<unknown[][]> {
  const client = db.$client;
  const statements = queries.map((query) => {
    const { sql, params } = query.getQuery();
    return client.prepare(sql).bind(...fillPlaceholders(params, values));
  });
  const results = await client.batch(statements);
  return results.map((result, i) => queries[i]!.mapResult(result, true) as unknown[]);
}
