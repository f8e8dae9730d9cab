import { spawnSync } from 'node:child_process';
import path from 'node:path';

const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/wrangler');

/** Runs a wrangler command to completion, failing loudly. */
export function wrangler(args, options = {}) {
  const result = spawnSync(bin, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CI: 'true' }, ...options });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed (exit ${result.status})`);
}
