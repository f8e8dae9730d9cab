// `npm run preview`'s server: the Worker as it is deployed (minified, production React) in
// wrangler's local runtime, through wrangler's own API rather than `wrangler dev`, because the CLI
// cannot turn off the DevTools inspector. With an inspector attached, workerd reports every
// subrequest (each D1 call is one) to wrangler, which forwards and logs it in Node: on this
// 2-core machine that tripled the cost of a D1 round trip (`select 1`: 406 -> 702 requests/s,
// docs/product.md#speed). Production has no inspector, so the preview has none either;
// `npm run dev` keeps it for debugging.
import { unstable_startWorker } from 'wrangler';

/**
 * Serves the Worker on `port` with the local D1 in `persistTo`, until SIGINT or SIGTERM.
 * `vars` are extra plain-text variables, e.g. ['COUNT_D1_ROUND_TRIPS:1'] (the bench).
 */
export async function servePreview({ port, persistTo, vars }) {
  // NAME:VALUE, split at the first colon; a bare NAME is an empty string, as with `--var`.
  const bindings = Object.fromEntries(
    vars.map((pair) => {
      const at = pair.indexOf(':');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [name, { type: 'plain_text', value }];
    }),
  );
  const worker = await unstable_startWorker({
    config: 'wrangler.toml',
    bindings,
    build: { minify: !process.env.INSPECTOR_PORT },
    dev: {
      // INSPECTOR_PORT=9229 attaches one anyway, to profile the production build (docs/perf.md);
      // that build is not minified, so the profile names the functions.
      inspector: process.env.INSPECTOR_PORT ? { port: Number(process.env.INSPECTOR_PORT) } : false,
      persist: persistTo,
      server: { hostname: '127.0.0.1', port: Number(port) },
      watch: false,
      // GET /__scheduled?cron=…&time=… runs a scheduled job: the Worker answers it itself outside
      // production (src/jobs/scheduled-request.ts), because wrangler's testScheduled route of that
      // name ignores `time`.
      logLevel: 'log',
    },
  });
  await worker.ready;
  console.log(`The production build is on http://localhost:${port}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      // A second signal, or a shutdown that hangs, ends the process anyway.
      if (stopping) process.exit(1);
      stopping = true;
      setTimeout(() => process.exit(1), 5000).unref();
      worker.dispose().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
