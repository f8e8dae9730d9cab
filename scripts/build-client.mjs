// Builds the browser side: the client entry, one chunk per island (code splitting) and the
// stylesheet, with content-hashed names in public/assets/, plus the manifest the Worker imports.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'public/assets');
const watch = process.argv.includes('--watch');

const manifestPlugin = {
  name: 'life7-manifest',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      const outputs = result.metafile.outputs;
      const url = (file) => '/' + path.relative(path.join(root, 'public'), path.join(root, file)).split(path.sep).join('/');
      // `imports` is the static import graph of every chunk: what the browser fetches once it
      // loads a file. Preloads and the island tests walk it, not the HTML's own list.
      const manifest = { entry: '', hydrate: '', css: '', islands: {}, imports: {} };
      // The islands are what the hydrate runtime imports dynamically (src/client/islands.ts); an
      // island's own lazy parts (the questionnaire's later screens) are chunks, not islands.
      const hydrateOutput = Object.values(outputs).find((output) => output.entryPoint?.endsWith('src/client/hydrate.ts'));
      const islandFiles = new Set(hydrateOutput?.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
      for (const [file, output] of Object.entries(outputs)) {
        if (file.endsWith('.map')) continue;
        const entryPoint = output.entryPoint ?? '';
        if (file.endsWith('.js')) {
          manifest.imports[url(file)] = output.imports.filter((i) => i.kind === 'import-statement').map((i) => url(i.path));
        }
        if (entryPoint.endsWith('src/client/entry.ts')) manifest.entry = url(file);
        else if (entryPoint.endsWith('src/client/hydrate.ts')) manifest.hydrate = url(file);
        else if (entryPoint.endsWith('src/styles/app.css')) manifest.css = url(file);
        else if (islandFiles.has(file)) manifest.islands[path.basename(entryPoint).replace(/\.tsx?$/, '')] = url(file);
      }
      await mkdir(path.join(root, 'src/generated'), { recursive: true });
      await writeFile(path.join(root, 'src/generated/manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
      console.log(`client build: ${Object.keys(manifest.islands).length} island chunks -> public/assets`);
    });
  },
};

// Our schemas are written with zod/mini (src/domain). conform's zod adapter builds its form-value
// coercion from four constructors of classic zod ('zod/v4': lazy, optional, pipe, transform), and
// that import alone ships all of classic zod (~30 KB gz) to the browser. zod/mini exports the same
// four with the same signatures, so the browser build takes exactly 'zod/v4' from there.
const zodMiniPlugin = {
  name: 'life7-zod-mini',
  setup(build) {
    build.onResolve({ filter: /^zod\/v4$/ }, (args) => build.resolve('zod/mini', { kind: args.kind, resolveDir: args.resolveDir }));
  },
};

await rm(outdir, { recursive: true, force: true });
const context = await esbuild.context({
  absWorkingDir: root,
  entryPoints: ['src/client/entry.ts', 'src/styles/app.css'],
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['chrome111', 'firefox111', 'safari16.4'],
  outdir,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  minify: true,
  // Source maps only for `npm run dev` (which asks for them): a deploy or a test run publishes no source.
  sourcemap: watch || process.env.CLIENT_SOURCEMAPS === '1' ? 'linked' : false,
  metafile: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  plugins: [zodMiniPlugin, manifestPlugin],
});
if (watch) {
  await context.watch();
} else {
  await context.rebuild();
  await context.dispose();
}
