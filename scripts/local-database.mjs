// The local D1 that `npm run dev`, the preview and the browser tests serve: migrated, then given
// the demo data (scripts/seed.mjs).
//
// Why a fresh database does not go through `wrangler d1 migrations apply`: that command starts the
// local runtime once per migration, about 0.6 s each here (16 to 18 s for 26 migrations on two
// cores), which was most of the browser tests' server start. A fresh database (the preview and the
// browser tests start from one every time, `npm run dev` on its first run) gets every migration and
// the seed in one `wrangler d1 execute` instead. Each migration is the SQL that command runs for it:
// the file, then its row in d1_migrations, so a later `migrations apply` finds it applied.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seed, seedSql } from './seed.mjs';
import { wrangler } from './wrangler.mjs';

const MIGRATIONS = path.resolve(import.meta.dirname, '../migrations');

// The table `wrangler d1 migrations apply` keeps the applied migrations in, as that command creates it.
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** Every migration in order, each followed by its row in d1_migrations. */
function allMigrationsSql() {
  const names = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const applied = (name) => `INSERT INTO d1_migrations (name) values ('${name.replace(/'/g, "''")}');`;
  return [MIGRATIONS_TABLE, ...names.map((name) => `${readFileSync(path.join(MIGRATIONS, name), 'utf8')}\n${applied(name)}`)].join('\n');
}

/** Migrates the local D1 in `persistTo` and seeds it; `fresh` when it holds no database yet. */
export function prepareLocalDatabase(persistTo, { fresh }) {
  if (!fresh) {
    wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo]);
    seed(persistTo);
    return;
  }
  const file = path.join(persistTo, 'fresh.sql');
  writeFileSync(file, `${allMigrationsSql()}\n${seedSql()}\n`);
  wrangler(['d1', 'execute', 'DB', '--local', '--file', file, '--persist-to', persistTo]);
}
