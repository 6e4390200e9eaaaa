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
 * The user's `articles` is named in the payload's one notice, and Strapi never reads it: not
 * populated by `*` nor by name (where the owned `reviews` is), and a filter on it is a 500.
 * Returns the notice.
 */
export async function assertUnownedArticles(strapi: RunningStrapi, body: SchemaResponse): Promise<string> {
  const [notice = ''] = body.strapi?.notices ?? [];
  assert.match(
    notice,
    /^plugin::users-permissions\.user\.articles is left out of the published schema: its mappedBy names "author", but api::article\.article has no relation to plugin::users-permissions\.user with inversedBy "articles"/,
  );
  assert.equal(body.strapi?.notices.length, 1);
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
