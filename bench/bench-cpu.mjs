// `npm run bench:cpu`: where a page's time goes in the local runtime, as CPU time per request of
// each process that serves the preview (Linux: read from /proc). `npm run bench` times pages under
// load; this says which process those times are spent in, and so which part a change can move:
//
//   runtime  the workerd that runs the Worker, the local D1 (a Durable Object), and the static
//            assets, all on one thread: under load it is the bottleneck, so a page's latency
//            ratio follows this column's ratio to the floor's
//   proxy    wrangler's proxy in front of it (a second workerd)
//   node     wrangler itself, which receives and prints every log line
//
// Reference rows: the static floor, a Worker answer that reads nothing (an unknown API path, 404),
// one D1 round trip (`/healthz`, `select 1`), and the login page (a render, no D1).
//
//   BENCH_PORT=8798  where the preview runs;  CPU_REQUESTS=3000  requests per round;  CPU_ROUNDS=3
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.BENCH_PORT ?? '8798';
const base = `http://localhost:${port}`;
const requests = Number(process.env.CPU_REQUESTS ?? 3000);
const rounds = Number(process.env.CPU_ROUNDS ?? 3);
// The floor, a Worker answer that reads nothing (404), one D1 round trip, and the login page: no cookie.
const ANONYMOUS = ['/favicon.svg', '/api/no-such-path', '/healthz', '/login'];
// The signed-in pages of `npm run bench`.
const PAGES = ['/dashboard', '/sessions', '/sessions/1', '/check-ins', '/summary', '/settings', '/api/progress', '/api/auth/me'];
const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux

/** The preview's processes: descendants of `pid`, named by what they do. */
function servingProcesses(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      parents.set(entry, readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    } catch {}
  }
  const isDescendant = (child) => {
    for (let p = child; p && p !== '0' && p !== '1'; p = parents.get(p)) if (p === String(pid)) return true;
    return false;
  };
  const found = [];
  for (const child of parents.keys()) {
    if (!isDescendant(child)) continue;
    let command;
    try {
      command = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone since the listing
    }
    if (command[0].endsWith('workerd') && command.includes('serve')) {
      found.push({ pid: child, name: command.some((arg) => arg.includes(`127.0.0.1:${port}`)) ? 'proxy' : 'runtime' });
    } else if (command[0].endsWith('node') && command.includes('scripts/dev.mjs')) {
      found.push({ pid: child, name: 'node' });
    }
  }
  return found;
}

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median CPU µs per request of each kind of process (summed over its processes) over `rounds` runs. */
async function cpuPerRequest(processes, url, cookie) {
  const samples = {};
  for (let round = 0; round < rounds; round++) {
    const before = processes.map(({ pid }) => cpuTicks(pid));
    const result = await autocannon({ url, connections: 8, amount: requests, headers: cookie ? { cookie } : {} });
    // Only the reference row for a Worker answer that reads nothing is meant to be a 404.
    const failed = result.errors + (url.endsWith('/api/no-such-path') ? 0 : result.non2xx);
    if (failed > 0) throw new Error(`${url}: ${failed} failed requests`);
    const spent = {};
    processes.forEach(({ pid, name }, i) => {
      spent[name] = (spent[name] ?? 0) + ((cpuTicks(pid) - before[i]) * TICK_US) / requests;
    });
    for (const [name, us] of Object.entries(spent)) {
      samples[name] ??= [];
      samples[name].push(us);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, xs]) => [name, median(xs)]));
}

async function main() {
  const server = spawn('node', ['scripts/dev.mjs', '--preview'], {
    cwd: root,
    env: { ...process.env, PORT: port },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 360) throw new Error('the preview did not start');
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const signIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@life7.local', password: 'demo-life7-dev' }),
    });
    if (!signIn.ok) throw new Error(`demo sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const processes = servingProcesses(server.pid);
    if (!processes.some(({ name }) => name === 'runtime'))
      throw new Error('no workerd found under the preview (this script reads Linux /proc)');
    console.log(`CPU µs per request, median of ${rounds} rounds of ${requests} requests (8 connections)\n`);
    console.log('| path | runtime | proxy | node | runtime / floor |');
    console.log('|---|---|---|---|---|');
    let floor = null;
    const rows = [...ANONYMOUS.map((p) => [p, '']), ...PAGES.map((p) => [p, cookie])];
    for (const [pagePath, pageCookie] of rows) {
      const cpu = await cpuPerRequest(processes, base + pagePath, pageCookie);
      floor ??= cpu.runtime;
      const us = (name) => (cpu[name] === undefined ? '-' : Math.round(cpu[name]));
      console.log(`| ${pagePath} | ${us('runtime')} | ${us('proxy')} | ${us('node')} | ${(cpu.runtime / floor).toFixed(2)}x |`);
    }
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
}

await main();
