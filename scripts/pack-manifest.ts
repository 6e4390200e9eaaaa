/**
 * The package.json that `npm pack` and `npm publish` put into the tarball keeps, of the
 * repository's scripts, only `prepack` and `postpack`: a consumer's npm runs (and npm 11 warns
 * about, as unapproved install scripts) a tarball's `preinstall`, `install`, `postinstall` and
 * `prepare`, and runs neither of these two (test/package/install-scripts.test.ts probes it).
 * `prepack` (after the build) runs `strip`; `postpack` runs `restore`.
 *
 * - `strip`: saves package.json byte for byte to .cache/package.json.packing, then writes it
 *   with only those two scripts.
 * - `restore`: puts the saved copy back (nothing to do without one).
 *
 * A pack that fails between the two (a missing `--pack-destination`, Ctrl-C) leaves the
 * stripped package.json; the next `npm pack` (its `prepack` is still there) or
 * `node scripts/pack-manifest.ts restore` puts the saved one back first.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifestPath = join(root, 'package.json');
const saved = join(root, '.cache', 'package.json.packing');
/** The scripts the packed package.json keeps: npm runs them only when packing this folder. */
const KEPT = ['prepack', 'postpack'];

function stripped(source: string): string {
  const manifest = JSON.parse(source) as { scripts?: Record<string, string> };
  const scripts = Object.fromEntries(
    Object.entries(manifest.scripts ?? {}).filter(([name]) => KEPT.includes(name)),
  );
  return `${JSON.stringify({ ...manifest, scripts }, null, 2)}\n`;
}

function restore(): void {
  if (existsSync(saved)) renameSync(saved, manifestPath);
}

const mode = process.argv[2];
if (mode === 'strip') {
  if (existsSync(saved)) {
    // Left by a pack that failed: put it back if package.json is still what that pack wrote
    // (otherwise package.json was edited or restored since, and the copy is stale).
    if (readFileSync(manifestPath, 'utf8') === stripped(readFileSync(saved, 'utf8'))) restore();
    else rmSync(saved);
  }
  const source = readFileSync(manifestPath, 'utf8');
  mkdirSync(dirname(saved), { recursive: true });
  writeFileSync(saved, source);
  writeFileSync(manifestPath, stripped(source));
} else if (mode === 'restore') {
  restore();
} else {
  process.stderr.write('usage: node scripts/pack-manifest.ts strip|restore\n');
  process.exit(2);
}
