// Development demo data: two accounts (see README). Idempotent; never run against production.
// Hashes use the same self-describing scrypt format as src/server/password.ts.
import { randomBytes, scryptSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { wrangler } from './wrangler.mjs';

const N = 16384, r = 8, p = 5;
function hash(password) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 128 * N * r * 2 });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export const DEMO_ACCOUNTS = [
  { id: 'demo-admin', email: 'admin@life7.local', password: 'admin-life7-dev', name: 'Life7 Admin', role: 'admin' },
  { id: 'demo-user', email: 'demo@life7.local', password: 'demo-life7-dev', name: 'Demo Participant', role: 'user' },
];

const q = (value) => (value === null ? 'NULL' : `'${String(value).replace(/'/g, "''")}'`);

export function seed(persistTo) {
  const sql = DEMO_ACCOUNTS.flatMap((a) => [
    `INSERT OR IGNORE INTO users (id, email, name, password_hash, role) VALUES (${q(a.id)}, ${q(a.email)}, ${q(a.name)}, ${q(hash(a.password))}, ${q(a.role)});`,
    `INSERT OR IGNORE INTO memberships (user_id, plan, status, source) VALUES (${q(a.id)}, 'challenge', 'active', 'seed');`,
  ]).join('\n');
  const file = path.join(persistTo ?? '.wrangler', 'seed.sql');
  writeFileSync(file, sql + '\n');
  wrangler(['d1', 'execute', 'DB', '--local', '--file', file, ...(persistTo ? ['--persist-to', persistTo] : [])]);
}

if (import.meta.url === `file://${process.argv[1]}`) seed(process.argv[2]);
