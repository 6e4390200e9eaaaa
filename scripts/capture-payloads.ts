/**
 * Boots the kitchen-sink, LaunchPad and FoodAdvisor test apps and writes their real `/schema` payloads to
 * test/fixtures/payloads/ (legacy and refresh auth modes for the kitchen sink, and the kitchen
 * sink configured for refresh on older Strapi versions: 5.0.6, where the server has no refresh
 * route, and 5.43.0, refresh without session routes). The e2e suites compare those files with
 * what a live Strapi serves; the older versions are installed on first use (test/harness/versions.ts).
 * File names as arguments capture only those.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, FOODADVISOR_ENV, startStrapi } from '../test/harness/app.ts';
import { ROOT } from '../test/harness/paths.ts';
import { prepareStrapi } from '../test/harness/prepare.ts';
import { ensureStrapiVersion, VERSIONED_FIXTURES as VERSIONED } from '../test/harness/versions.ts';

prepareStrapi();
const targets = [
  { file: 'kitchen.json', app: () => createApp('capture-kitchen'), env: {} },
  {
    file: 'kitchen-refresh.json',
    app: () => createApp('capture-kitchen', { fresh: false }),
    env: { UP_JWT_MANAGEMENT: 'refresh' },
  },
  { file: 'launchpad.json', app: () => createApp('capture-launchpad', { variant: 'launchpad' }), env: {} },
  {
    file: 'foodadvisor.json',
    app: () => createApp('capture-foodadvisor', { variant: 'foodadvisor' }),
    env: FOODADVISOR_ENV,
  },
  ...VERSIONED.map((version) => ({
    file: `kitchen-refresh-${version}.json`,
    app: () => createApp(`capture-kitchen-${version}`, { depsDir: ensureStrapiVersion(version).depsDir }),
    env: { UP_JWT_MANAGEMENT: 'refresh' },
  })),
];
// `npm run fixtures -- kitchen.json launchpad.json` recaptures only those files.
const only = process.argv.slice(2);
for (const target of targets.filter((t) => only.length === 0 || only.includes(t.file))) {
  const strapi = await startStrapi(target.app(), { env: target.env });
  try {
    const body = await (await fetch(`${strapi.url}/api/cms-typed-client/schema`)).json();
    writeFileSync(join(ROOT, 'test/fixtures/payloads', target.file), `${JSON.stringify(body, null, 2)}\n`);
    process.stdout.write(`wrote test/fixtures/payloads/${target.file}\n`);
  } finally {
    await strapi.stop();
  }
}
