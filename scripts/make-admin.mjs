// `npm run make-admin -- EMAIL [--remote]`: gives an existing account the admin role, in the
// local development D1 (what `npm run dev` uses) or, with --remote, in the production D1.
// Sign-up never grants admin (docs/product.md#plans-and-memberships): this is how an operator makes the first one.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const remote = args.includes('--remote');
const email = args
  .find((arg) => !arg.startsWith('--'))
  ?.trim()
  .toLowerCase();

// The same shape the sign-up form accepts, and nothing that could leave the SQL string.
if (!email || email.length > 254 || !/^[^\s@'"\\]+@[^\s@'"\\]+\.[^\s@'"\\]+$/.test(email)) {
  console.error('Usage: npm run make-admin -- EMAIL [--remote]');
  process.exit(2);
}

const where = remote ? ['--remote'] : ['--local', '--persist-to', '.wrangler/state'];
const result = spawnSync(
  path.join(root, 'node_modules/.bin/wrangler'),
  ['d1', 'execute', 'DB', ...where, '--json', '--command', `UPDATE users SET role = 'admin' WHERE email = '${email}' RETURNING email`],
  { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
);
if (result.status !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(1);
}
const changed = JSON.parse(result.stdout).flatMap((statement) => statement.results ?? []);
if (changed.length === 0) {
  console.error(
    `No account with the email ${email} in the ${remote ? 'production' : 'local'} database. Sign up first, then run this again.`,
  );
  process.exit(1);
}
console.log(`${email} is now an admin (${remote ? 'production' : 'local'} database). The change applies on their next request.`);
