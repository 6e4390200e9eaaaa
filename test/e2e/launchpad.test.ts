/**
 * The real LaunchPad schemas booted in Strapi 5: the plugin publishes all of them, and the
 * payload matches the committed fixture that the generator's tests use (so that fixture is
 * what a real Strapi serves, not a hand-made approximation).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stableStringify } from '../../src/schema/stable-json.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { createApp, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { LAUNCHPAD_SCHEMAS, ROOT } from '../harness/paths.ts';

describe('LaunchPad schemas in a real Strapi', () => {
  let strapi: RunningStrapi;
  let body: SchemaResponse;
  before(async () => {
    strapi = await startStrapi(createApp('launchpad', { variant: 'launchpad' }));
    body = (await (await fetch(`${strapi.url}/api/cms-typed-client/schema`)).json()) as SchemaResponse;
  });
  after(() => strapi?.stop());

  it('publishes every LaunchPad content type and component', () => {
    const apis = readdirSync(join(LAUNCHPAD_SCHEMAS, 'api')).map((api) => `api::${api}.${api}`);
    const published = Object.keys(body.schema.contentTypes).filter((uid) => uid.startsWith('api::'));
    assert.deepEqual(published.sort(), apis.sort());
    const components = readdirSync(join(LAUNCHPAD_SCHEMAS, 'components')).flatMap((category) =>
      readdirSync(join(LAUNCHPAD_SCHEMAS, 'components', category)).map(
        (file) => `${category}.${file.replace(/\.json$/, '')}`,
      ),
    );
    assert.deepEqual(Object.keys(body.schema.components).sort(), components.sort());
  });

  it('serves the payload committed as test/fixtures/payloads/launchpad.json', () => {
    const committed = readFileSync(join(ROOT, 'test/fixtures/payloads/launchpad.json'), 'utf8');
    assert.equal(
      stableStringify(JSON.parse(committed)),
      stableStringify(body),
      'regenerate with npm run fixtures',
    );
  });
});
