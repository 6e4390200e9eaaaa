/**
 * `handleCmsPreview`'s check (src/runtime/preview.ts): what a request from Strapi's preview
 * handler carries, and every refusal with the status to answer. The round trip through a real
 * Strapi admin's "Open preview" is issue 43's e2e test.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CmsPreviewError, isCmsPreviewError } from '../../../src/runtime/core/errors.ts';
import { listenToStrapiPreview } from '../../../src/runtime/live-preview.ts';
import { checkPreview } from '../../../src/runtime/preview.ts';

const SECRET = 'preview-s3cret';
const UIDS = ['api::article.article', 'api::home.home'] as const;
const BASE = 'https://app.example.com/api/preview';

function request(params: Record<string, string>, method = 'GET'): Request {
  return new Request(`${BASE}?${new URLSearchParams(params)}`, { method });
}
const GOOD = {
  secret: SECRET,
  uid: 'api::article.article',
  documentId: 'abc123',
  status: 'draft',
  locale: 'fr',
  path: '/blog/hello-world',
};

/** The refusal `params` (or `method`) gets: reason and status. */
function refusal(params: Record<string, string>, method = 'GET'): [string, number] {
  try {
    checkPreview(request(params, method), { secret: SECRET }, UIDS);
  } catch (error) {
    assert.ok(isCmsPreviewError(error) && error instanceof CmsPreviewError, String(error));
    return [error.reason, error.status];
  }
  assert.fail('accepted');
}

describe('checkPreview', () => {
  it('returns what Strapi asked to show', () => {
    assert.deepEqual(checkPreview(request(GOOD), { secret: SECRET }, UIDS), {
      uid: 'api::article.article',
      documentId: 'abc123',
      status: 'draft',
      locale: 'fr',
      path: '/blog/hello-world',
    });
  });

  it("reads Strapi's 'modified' as a draft, and no locale as undefined", () => {
    const { locale: _, ...noLocale } = GOOD;
    const target = checkPreview(request({ ...noLocale, status: 'modified' }), { secret: SECRET }, UIDS);
    assert.equal(target.status, 'draft');
    assert.equal(target.locale, undefined);
    assert.equal(
      checkPreview(request({ ...GOOD, status: 'published' }), { secret: SECRET }, UIDS).status,
      'published',
    );
  });

  it('refuses each bad part with the status to answer', () => {
    assert.deepEqual(refusal(GOOD, 'POST'), ['method', 405]);
    assert.deepEqual(refusal({ ...GOOD, secret: 'guess' }), ['secret', 401]);
    const { secret: _, ...noSecret } = GOOD;
    assert.deepEqual(refusal(noSecret), ['secret', 401]);
    assert.deepEqual(refusal({ ...GOOD, uid: 'api::author.author' }), ['uid', 404]);
    assert.deepEqual(refusal({ ...GOOD, documentId: '' }), ['document', 400]);
    assert.deepEqual(refusal({ ...GOOD, status: 'archived' }), ['status', 400]);
    assert.deepEqual(refusal({ ...GOOD, locale: '' }), ['locale', 400]);
  });

  it('sends the editor only to a path of this application', () => {
    for (const path of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'blog/x', '', '/a\nb'])
      assert.deepEqual(refusal({ ...GOOD, path }), ['path', 400], path);
    assert.equal(
      checkPreview(request({ ...GOOD, path: '/a/b?c=1#d' }), { secret: SECRET }, UIDS).path,
      '/a/b?c=1#d',
    );
  });

  it('a missing secret option is a programming error, not a refusal', () => {
    assert.throws(() => checkPreview(request(GOOD), { secret: '' }, UIDS), TypeError);
  });
});

describe('listenToStrapiPreview outside a browser', () => {
  it('does nothing without a window, and returns a stop that does nothing', () => {
    const stop = listenToStrapiPreview({ strapiOrigin: 'http://127.0.0.1:1337', onUpdate: () => {} });
    assert.equal(typeof stop, 'function');
    stop();
  });

  it('an origin that is not a URL is a TypeError saying what to pass', () => {
    for (const strapiOrigin of ['', 'cms.example.com', 'data:text/plain,x'])
      assert.throws(
        () => listenToStrapiPreview({ strapiOrigin, onUpdate: () => {} }),
        (error: Error) => error instanceof TypeError && error.message.includes(JSON.stringify(strapiOrigin)),
      );
  });
});
