// The stylesheet without what nothing reads. src/styles/app.css imports whole open-props token
// files (every gray, every size, 23 animations), most of which no rule uses. This esbuild plugin
// bundles app.css, drops the custom properties no rule or source file reads
// (postcss-prune-var, which follows var() chains) and the @keyframes nothing names, checks that
// every var() left has a definition, and hands the result to the main build to minify and hash.
//
// Why not open-props' postcss-jit-props (which adds only the used props instead): its JS data
// differs from the CSS files we ship (--font-system-ui is a shorter stack), its `files` option
// reads a file's dark-mode values over its light ones (--shadow-color), and it appends the dark
// props after normalize's, which flips dark --shadow-strength from 10% to 25%. Pruning deletes
// only what nothing reads, so every page renders exactly as with the full token files.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import postcss from 'postcss';
import pruneVar from 'postcss-prune-var';

const VAR_USE = /var\(\s*(--[\w-]+)/g;
/** A custom property set from TSX, e.g. `style={{ '--arena-color': color }}`. */
const INLINE_SET = /['"](--[\w-]+)['"]\s*:/g;
/** An animation set from TSX, e.g. `style={{ animation: 'wheel-grow 1s' }}`. */
const INLINE_ANIMATION = /animation(?:Name)?\s*:\s*[`'"]([^`'"]+)/g;

/** The text of every .ts/.tsx file under src (their var() uses keep a property; their inline sets define one). */
async function sourceText(root) {
  const files = (await readdir(path.join(root, 'src'), { recursive: true })).filter((f) => /\.tsx?$/.test(f) && !f.startsWith('generated'));
  return (await Promise.all(files.map((f) => readFile(path.join(root, 'src', f), 'utf8')))).join('\n');
}

/** Drops each @keyframes whose name no declaration (nor inline animation in src) mentions. */
function dropUnusedKeyframes(root, source) {
  const mentions = [...source.matchAll(INLINE_ANIMATION)].map((m) => m[1]);
  root.walkDecls((decl) => {
    if (decl.parent?.parent?.type !== 'atrule' || decl.parent.parent.name !== 'keyframes') mentions.push(decl.value);
  });
  const text = mentions.join('\n');
  root.walkAtRules('keyframes', (rule) => {
    const named = new RegExp(`(^|[^\\w-])${rule.params.replace(/[^\w-]/g, '\\$&')}($|[^\\w-])`);
    if (!named.test(text)) rule.remove();
  });
  // open-props wraps its dark-mode keyframes in a media query of their own: drop it when emptied.
  root.walkAtRules('media', (media) => {
    if (media.nodes?.length === 0) media.remove();
  });
}

/** The var() uses that nothing defines: neither the stylesheet nor an inline style in src. */
function undefinedVars(root, source) {
  const defined = new Set([...source.matchAll(INLINE_SET)].map((m) => m[1]));
  const used = new Set([...source.matchAll(VAR_USE)].map((m) => m[1]));
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) defined.add(decl.prop);
    for (const m of decl.value.matchAll(VAR_USE)) used.add(m[1]);
  });
  return [...used].filter((name) => !defined.has(name));
}

/** The esbuild plugin for the stylesheet entry `entry` (a path relative to `root`). */
export function pruneCss(root, entry) {
  const entryPath = path.join(root, entry);
  return {
    name: 'life7-prune-css',
    setup(build) {
      build.onLoad({ filter: /\.css$/ }, async (args) => {
        if (args.path !== entryPath) return undefined;
        const bundled = await esbuild.build({
          absWorkingDir: root,
          entryPoints: [entryPath],
          bundle: true,
          write: false,
          metafile: true,
          logLevel: 'silent',
        });
        const source = await sourceText(root);
        // var() in src/**/*.ts(x) counts as a use: a rule reading them stands in while pruning.
        const fromSource = [...new Set([...source.matchAll(VAR_USE)].map((m) => m[1]))];
        const standIn = postcss.rule({ selector: ':where(#life7-source-uses)' });
        if (fromSource.length > 0) standIn.append({ prop: 'content', value: fromSource.map((name) => `var(${name})`).join(' ') });
        const css = postcss.parse(bundled.outputFiles[0].text, { from: entryPath }).append(standIn);
        await postcss([pruneVar()]).process(css, { from: entryPath });
        standIn.remove();
        dropUnusedKeyframes(css, source);
        const missing = undefinedVars(css, source);
        const watchFiles = Object.keys(bundled.metafile.inputs).map((file) => path.join(root, file));
        if (missing.length > 0) {
          return {
            errors: [{ text: `${entry}: var() without a definition in the stylesheet or an inline style in src: ${missing.join(', ')}` }],
            watchFiles,
          };
        }
        return { contents: css.toString(), loader: 'css', resolveDir: path.dirname(entryPath), watchFiles };
      });
    },
  };
}
