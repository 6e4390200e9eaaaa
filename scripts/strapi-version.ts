/**
 * Runs the version matrix's subset (test/versions/versions.test.ts) on the given Strapi
 * versions: `npm run test:strapi-version -- 5.30.0 [5.12.0 ...]`. The first run of a version
 * installs it into .cache/strapi-deps-<version> (3 to 6 minutes); later runs reuse it.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from '../test/harness/paths.ts';
import { checkVersion } from '../test/harness/versions.ts';

const versions = process.argv.slice(2);
if (versions.length === 0) {
  process.stderr.write('usage: npm run test:strapi-version -- <version> [...], e.g. 5.30.0\n');
  process.exit(2);
}
try {
  for (const version of versions) checkVersion(version);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}

function run(args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The plugin is installed from `npm pack` and the CLI runs from dist: build them first.
run(['scripts/build.ts']);
run(['--test', '--test-concurrency=1', '--test-reporter=spec', 'test/versions/versions.test.ts'], {
  ...process.env,
  CMS_STRAPI_VERSIONS: versions.join(','),
});
