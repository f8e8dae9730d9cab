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
  const bindings = Object.fromEntries(
    vars.map((pair) => {
      const at = pair.indexOf(':');
      return [pair.slice(0, at), { type: 'plain_text', value: pair.slice(at + 1) }];
    }),
  );
  const worker = await unstable_startWorker({
    config: 'wrangler.toml',
    bindings,
    build: { minify: true },
    dev: {
      inspector: false,
      persist: persistTo,
      server: { hostname: '127.0.0.1', port: Number(port) },
      watch: false,
      logLevel: 'log',
    },
  });
  await worker.ready;
  console.log(`The production build is on http://localhost:${port}`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      worker.dispose().finally(() => process.exit(0));
    });
  }
}
