/** Folders the benchmarks read and write. Large artifacts go under .cache/bench (git-ignored). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(BENCH_DIR, '..');
export const WORK_DIR = join(ROOT, '.cache', 'bench');
export const RESULTS_FILE = join(BENCH_DIR, 'results', 'latest.json');
/** The chart of RESULTS_FILE the README shows (lib/chart.ts), rewritten with it. */
export const CHART_FILE = join(ROOT, 'docs', 'benchmarks.svg');
export const NODE_MODULES = join(ROOT, 'node_modules');
export const PEER_DIR = join(NODE_MODULES, 'strapi-typed-client');
export const STRAPI_DEPS = join(ROOT, '.cache', 'strapi-deps', 'node_modules');
export const TSC = join(NODE_MODULES, 'typescript', 'bin', 'tsc');
/**
 * A copy of the package as built (package.json, bin/, dist/) taken once per run, so the CLI and
 * the runtime measured stay the same build even if dist/ is rebuilt meanwhile.
 */
export const SNAPSHOT_DIR = join(WORK_DIR, 'package');
export const CLI_BIN = join(SNAPSHOT_DIR, 'bin', 'cms-types.js');
export const PEER_CLI_BIN = join(PEER_DIR, 'dist', 'cli', 'index.js');
