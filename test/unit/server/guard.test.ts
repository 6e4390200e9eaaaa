import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkApiToken } from '../../../src/server/guard.ts';
import type { StrapiLike } from '../../../src/server/strapi.ts';

/** A token store with Strapi's service shape; the real one is exercised by the e2e suite. */
function strapiWith(records: Record<string, object>): StrapiLike {
  const service = {
    hash: (key: string) => `h:${key}`,
    getByAccessKey: async (hash: string) => records[hash.slice(2)] ?? null,
  };
  return {
    contentTypes: {},
    components: {},
    plugin: () => undefined,
    service: (uid: string) => (uid === 'admin::api-token-content-api' ? service : undefined),
    log: { info() {}, warn() {}, error() {} },
  };
}

describe('API token check', () => {
  const strapi = strapiWith({
    good: { kind: 'content-api', type: 'read-only', expiresAt: null },
    old: { kind: null, type: 'full-access' },
    admin: { kind: 'admin', type: 'full-access' },
    expired: { kind: 'content-api', type: 'read-only', expiresAt: new Date(Date.now() - 1000).toISOString() },
    writer: { kind: 'content-api', type: 'custom', permissions: ['api::a.a.create'] },
    reader: { kind: 'content-api', type: 'custom', permissions: ['api::a.a.create', 'api::a.a.findOne'] },
  });
  const cases: [string, string | undefined, boolean, RegExp?][] = [
    ['a valid token', 'Bearer good', true],
    ['any case of the scheme', 'bearer good', true],
    ['a token from before token kinds', 'Bearer old', true],
    ['a custom token with a read permission', 'Bearer reader', true],
    ['no header', undefined, false, /Missing or invalid credentials/],
    ['another scheme', 'Basic good', false, /Missing or invalid credentials/],
    ['two words after Bearer', 'Bearer good extra', false, /Missing or invalid credentials/],
    ['an unknown token', 'Bearer nope', false, /Missing or invalid credentials/],
    ['an admin token', 'Bearer admin', false, /Missing or invalid credentials/],
    ['an expired token', 'Bearer expired', false, /Token expired/],
    ['a custom token that cannot read', 'Bearer writer', false, /cannot read content/],
    ['an oversized token', `Bearer ${'a'.repeat(5000)}`, false, /Missing or invalid credentials/],
  ];
  for (const [name, header, ok, message] of cases) {
    it(`${ok ? 'accepts' : 'refuses'} ${name}`, async () => {
      const result = await checkApiToken(strapi, header);
      assert.equal(result.ok, ok);
      if (!result.ok && message) assert.match(result.message, message);
    });
  }
});
