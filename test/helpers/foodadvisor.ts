/**
 * What a running FoodAdvisor app must show, on any Strapi version: every content type and
 * component published, and the user's `articles` (an inverse side no relation owns: its
 * `mappedBy: 'author'` names nothing on the article) left out with a notice, while Strapi itself
 * never reads it. Shared by test/e2e/foodadvisor.test.ts and the version matrix.
 */
import assert from 'node:assert/strict';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { declaredUids, type RunningStrapi } from '../harness/app.ts';
import { FOODADVISOR_SCHEMAS } from '../harness/paths.ts';

/** Every FoodAdvisor content type and component is published, and the fields its extension adds to the user. */
export function assertPublishesFoodadvisor(body: SchemaResponse): void {
  const declared = declaredUids(FOODADVISOR_SCHEMAS);
  const published = Object.keys(body.schema.contentTypes).filter((uid) => uid.startsWith('api::'));
  assert.deepEqual(published.sort(), declared.contentTypes);
  assert.deepEqual(Object.keys(body.schema.components).sort(), declared.components);
  const user = body.schema.contentTypes['plugin::users-permissions.user']!.attributes;
  assert.deepEqual(user.job, { type: 'string', required: true });
  assert.deepEqual(user.reviews, {
    type: 'relation',
    relation: 'oneToMany',
    target: 'api::review.review',
    mappedBy: 'author',
  });
  assert.equal(user.picture?.type, 'media');
  assert.equal(user.articles, undefined, 'left out: no relation owns it');
}

/**
 * The user's `articles` is named in a notice of the payload, and Strapi never reads it: not
 * populated by `*` nor by name (where the owned `reviews` is), and a filter on it is a 500.
 * Returns the notice.
 */
export async function assertUnownedArticles(strapi: RunningStrapi, body: SchemaResponse): Promise<string> {
  const about = (notice: string) => notice.startsWith('plugin::users-permissions.user.articles ');
  const [notice = '', ...more] = (body.strapi?.notices ?? []).filter(about);
  assert.match(
    notice,
    /^plugin::users-permissions\.user\.articles is left out of the published schema: its mappedBy names "author", but api::article\.article has no relation to plugin::users-permissions\.user with inversedBy "articles"/,
  );
  assert.deepEqual(more, [], 'said once');
  const headers = { Authorization: `Bearer ${strapi.seed.tokens.fullAccess}` };
  const read = async (query: string) => {
    const response = await fetch(`${strapi.url}/api/users?${query}`, { headers });
    assert.equal(response.status, 200, query);
    const users = (await response.json()) as object[];
    assert.ok(users.length > 0, 'the seeded users');
    return users;
  };
  for (const entry of await read('populate=*')) {
    assert.ok('reviews' in entry, 'an owned inverse side is populated');
    assert.ok(!('articles' in entry), 'the unowned one never is');
  }
  for (const entry of await read('populate[articles]=true')) assert.ok(!('articles' in entry));
  const filtered = await fetch(`${strapi.url}/api/users?filters[articles][title][$eq]=x`, { headers });
  assert.equal(filtered.status, 500, 'a filter on it fails in the database');
  return notice;
}

/**
 * Booted without `register.allowedFields` (as FoodAdvisor ships it), on Strapi `validated` (5.49.0
 * or later, where users-permissions writes through the Document Service): no registration can
 * succeed, as the notice says, since the user requires `job` and Strapi refuses it either way.
 * Before: a registration without `job` stores the user with `job` null, as that notice says.
 */
export async function assertRegistrationWithoutJob(
  strapi: RunningStrapi,
  body: SchemaResponse,
  validated: boolean,
): Promise<void> {
  assert.deepEqual(body.schema.auth?.registerFields, []);
  const notices = body.strapi?.notices ?? [];
  const notice = notices.find((text) => text.startsWith('auth.register '));
  assert.ok(notice, JSON.stringify(notices));
  assert.match(
    notice,
    validated
      ? /^auth\.register cannot succeed on this server: plugin::users-permissions\.user requires "job", which users-permissions' register\.allowedFields does not list, so Strapi refuses every registration \(400 "job must be defined\."\)\. Add it to register\.allowedFields/
      : /^auth\.register stores users without "job" on this server: .* Strapi before 5\.49\.0 \(this is 5\.\d+\.\d+\) does not check users-permissions writes, so those users read back "job": null/,
  );
  const register = async (fields: object) => {
    const response = await fetch(`${strapi.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'newcomer',
        email: 'newcomer@example.test',
        password: 'Newcomer-1',
        ...fields,
      }),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, Record<string, unknown>>,
    };
  };
  const withJob = await register({ job: 'cook' });
  assert.equal(withJob.status, 400);
  assert.equal(withJob.body.error?.message, 'Invalid parameters: job');
  const without = await register({});
  if (validated) {
    assert.equal(without.status, 400);
    assert.equal(without.body.error?.message, 'job must be defined.');
  } else {
    assert.equal(without.status, 200, JSON.stringify(without.body));
    assert.equal(without.body.user?.job, null, 'stored without the required job');
  }
}
