// Queries whose SQL drizzle builds once per isolate. Building a select (its SQL text and the map
// of its columns) costs about 0.04 ms of CPU, and every signed-in request builds the session
// lookup and its page's reads: about 0.17 ms for /summary's four, a tenth of the request's CPU
// on the bench (docs/product.md#speed). Each is built once, with placeholders for its values;
// a request binds its own values and runs the SQL in its own D1 session (its replica, its
// bookmark), never through the handle the query was first built with.
import { fillPlaceholders, type Query } from 'drizzle-orm';
import type { Db } from './client';

/** What drizzle's prepared query gives: its SQL with placeholders, and how to read its rows. */
export interface PreparedQuery {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

/** A query prepared by `build` the first time it is needed, then kept for the isolate's life. */
export function preparedOnce(build: (db: Db) => PreparedQuery): (db: Db) => PreparedQuery {
  let prepared: PreparedQuery | null = null;
  return (db) => (prepared ??= build(db));
}

/** One statement to run: a prepared query and this request's values for its placeholders. */
export interface BoundQuery {
  query: PreparedQuery;
  values: Record<string, unknown>;
}

/**
 * Runs the statements in `db`'s D1 session in one round trip (a batch when there are several)
 * and answers each one's rows, mapped as drizzle maps them.
 */
export async function runPrepared(db: Db, statements: readonly BoundQuery[]): Promise<unknown[][]> {
  const client = db.$client;
  const bound = statements.map(({ query, values }) => {
    const { sql, params } = query.getQuery();
    return client.prepare(sql).bind(...fillPlaceholders(params, values));
  });
  const results = bound.length === 1 ? [await bound[0]!.all()] : await client.batch(bound);
  return results.map((result, i) => statements[i]!.query.mapResult(result, true) as unknown[]);
}
