// The database check behind GET /healthz: one trivial query that needs a working binding.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Milliseconds a `SELECT 1` took, or throws when the database cannot answer. */
export async function pingDatabase(db: Db): Promise<number> {
  const started = Date.now();
  await db.run(sql`select 1`);
  return Date.now() - started;
}
