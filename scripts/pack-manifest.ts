/**
 * The package.json that `npm pack` and `npm publish` put into the tarball carries no `scripts`:
 * a consumer's npm runs (and npm 11 warns about, as unapproved install scripts) a tarball's
 * `preinstall`, `install`, `postinstall` and `prepare`, and none of the repository's scripts
 * means anything outside it. `prepack` (after the build) runs `strip`; `postpack` runs `restore`.
 *
 * - `strip`: saves package.json byte for byte to .cache/package.json.packing, then writes it
 *   without `scripts`. A copy left there by an interrupted pack is restored first (or dropped,
 *   when package.json has its scripts again).
 * - `restore`: puts the saved copy back (nothing to do without one).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifestPath = join(root, 'package.json');
const saved = join(root, '.cache', 'package.json.packing');

function restore(): void {
  if (existsSync(saved)) renameSync(saved, manifestPath);
}

function scriptsOf(text: string): unknown {
  return (JSON.parse(text) as { scripts?: unknown }).scripts;
}

const mode = process.argv[2];
if (mode === 'strip') {
  if (existsSync(saved)) {
    if (scriptsOf(readFileSync(manifestPath, 'utf8')) === undefined) restore();
    else rmSync(saved);
  }
  const source = readFileSync(manifestPath, 'utf8');
  const { scripts: _scripts, ...published } = JSON.parse(source) as Record<string, unknown>;
  mkdirSync(dirname(saved), { recursive: true });
  writeFileSync(saved, source);
  writeFileSync(manifestPath, `${JSON.stringify(published, null, 2)}\n`);
} else if (mode === 'restore') {
  restore();
} else {
  process.stderr.write('usage: node scripts/pack-manifest.ts strip|restore\n');
  process.exit(2);
}
