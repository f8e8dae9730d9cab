// The database check behind GET /healthz: one trivial query that needs a working binding.
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';

/**
 * Milliseconds a `SELECT 1` took, or throws when the database cannot answer. It asks the binding
 * itself, not the request's D1 session (/healthz is served before one is opened).
 */
export async function pingDatabase(binding: D1Database): Promise<number> {
  const started = Date.now();
  await getDb(binding).run(sql`select 1`);
  return Date.now() - started;
}
