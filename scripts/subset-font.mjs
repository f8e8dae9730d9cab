// Regenerates src/assets/wheel-font.ttf: DejaVu Sans (devDependency dejavu-fonts-ttf) cut down to
// the characters the wheel PNG draws, so the Worker bundles a few KB instead of ~750 KB.
// opentype.js reads it to draw the PNG's text as outlines (src/server/wheel-font.ts); outlines
// need no TrueType hinting, so the hint programs (most of the bytes) are dropped.
// Run: node scripts/subset-font.mjs
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'));
const root = path.resolve(import.meta.dirname, '..');

// Printable ASCII (arena names, digits, 'Date: … | Total: …/70 | Keystone: …') and the weakest mark.
let text = '';
for (let c = 0x20; c <= 0x7e; c += 1) text += String.fromCharCode(c);
text += '▼';

const source = await readFile(path.join(fontDir, 'ttf', 'DejaVuSans.ttf'));
const subset = await subsetFont(source, text, { targetFormat: 'truetype', noHinting: true });
await writeFile(path.join(root, 'src/assets/wheel-font.ttf'), subset);
await copyFile(path.join(fontDir, 'LICENSE'), path.join(root, 'src/assets/wheel-font.LICENSE.txt'));
console.log(`src/assets/wheel-font.ttf: ${subset.length} bytes (from ${source.length})`);
