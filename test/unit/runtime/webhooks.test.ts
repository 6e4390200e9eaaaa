/**
 * The webhook check (`checkWebhook`, which the generated `handleCmsWebhook` calls): the secret
 * compared in constant time, in `Authorization: Bearer <secret>` or a named header; every kind of
 * delivery it refuses, each with its `CmsWebhookError` reason and status; and the event and the
 * tags it returns. The payloads are shaped as Strapi 5.54 sends them (test/e2e/webhooks.test.ts
 * checks the real ones).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { constantTimeEqual } from '../../../src/runtime/core/constant-time.ts';
import { CmsWebhookError, isCmsWebhookError } from '../../../src/runtime/core/errors.ts';
import { checkWebhook, type WebhookOptions, type WebhookTable } from '../../../src/runtime/webhooks.ts';

const SECRET = 's3cret-value';
/** As the generator writes it: each uid's path and its referrers' paths. */
const UIDS: WebhookTable = {
  'api::article.article': { path: 'articles', referrers: ['home-page', 'promos'] },
  'api::site-setting.site-setting': { path: 'site-setting' },
  'plugin::upload.file': { path: 'upload/files', referrers: ['articles'] },
};
const URL = 'https://app.example.com/api/revalidate';

const ENTRY_EVENT = {
  event: 'entry.publish',
  createdAt: '2026-11-25T05:24:53.569Z',
  model: 'article',
  uid: 'api::article.article',
  entry: { id: 2, documentId: 'doc1', title: 'Hello', publishedAt: '2026-11-25T05:24:53.546Z' },
};
const MEDIA_EVENT = {
  event: 'media.delete',
  createdAt: '2026-11-25T05:24:54.100Z',
  media: { id: 1, documentId: 'file1', name: 'a.png' },
};

function delivery(
  body: unknown,
  init: { method?: string; headers?: Record<string, string>; raw?: string } = {},
): Request {
  const event = typeof body === 'object' && body !== null ? (body as { event?: unknown }).event : undefined;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${SECRET}`,
    ...(typeof event === 'string' ? { 'x-strapi-event': event } : {}),
    ...init.headers,
  };
  const method = init.method ?? 'POST';
  const withBody = method !== 'GET' && method !== 'HEAD';
  return new Request(URL, {
    method,
    headers,
    ...(withBody ? { body: init.raw ?? JSON.stringify(body) } : {}),
  });
}

async function rejection(
  request: Request,
  options: WebhookOptions = { secret: SECRET },
): Promise<CmsWebhookError> {
  try {
    await checkWebhook(request, options, UIDS);
  } catch (error) {
    assert.ok(error instanceof CmsWebhookError, `a CmsWebhookError, not ${String(error)}`);
    return error;
  }
  assert.fail('expected the delivery to be rejected');
}

describe('constantTimeEqual', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const cases: [string, string, string, boolean][] = [
    ['equal', 'Bearer abc', 'Bearer abc', true],
    ['empty both', '', '', true],
    ['differs at the first byte', 'Bearer abc', 'xearer abc', false],
    ['differs at the last byte', 'Bearer abc', 'Bearer abd', false],
    ['a prefix', 'Bearer abc', 'Bearer ab', false],
    ['longer', 'Bearer abc', 'Bearer abcd', false],
    ['empty received', 'Bearer abc', '', false],
    ['multi-byte characters', 'clé-ü', 'clé-ü', true],
    ['a NUL byte is not the end', 'ab', 'ab\u0000', false],
  ];
  for (const [name, expected, received, want] of cases)
    it(name, () => assert.equal(constantTimeEqual(bytes(expected), bytes(received)), want));

  /** The indexes of `expected` the comparison reads, through a proxy that records them. */
  function reads(expected: string, received: string): number[] {
    const seen: number[] = [];
    const target = bytes(expected);
    const observed = new Proxy(target, {
      get(object, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) seen.push(Number(key));
        return Reflect.get(object, key, object);
      },
    });
    constantTimeEqual(observed, bytes(received));
    return seen;
  }

  it('reads every byte of the secret whatever the guess: no early exit (unlike ===)', () => {
    const secret = 'Bearer 0123456789abcdef';
    const all = [...bytes(secret).keys()];
    assert.deepEqual(reads(secret, 'X'.repeat(secret.length)), all, 'a guess wrong at the first byte');
    assert.deepEqual(reads(secret, `${secret.slice(0, -1)}X`), all, 'a guess wrong at the last byte');
    assert.deepEqual(reads(secret, ''), all, 'an empty guess');
    assert.deepEqual(reads(secret, `${secret}more`), all, 'a longer guess');
  });
});

describe('checkWebhook: accepted deliveries', () => {
  it('an entry event: the event as sent and the tags of its type and document', async () => {
    const result = await checkWebhook(delivery(ENTRY_EVENT), { secret: SECRET }, UIDS);
    assert.deepEqual(result.event, ENTRY_EVENT);
    assert.deepEqual(result.tags, ['cms:articles', 'cms:articles:doc1', 'cms:home-page', 'cms:promos']);
  });

  it("a media event: the media tags and its referrers'; without a row in the table, the media tags", async () => {
    const result = await checkWebhook(delivery(MEDIA_EVENT), { secret: SECRET }, UIDS);
    assert.deepEqual(result.tags, ['cms:upload/files', 'cms:upload/files:file1', 'cms:articles']);
    const bare = await checkWebhook(delivery(MEDIA_EVENT), { secret: SECRET }, {});
    assert.deepEqual(bare.tags, ['cms:upload/files', 'cms:upload/files:file1']);
  });

  it('at most 128 tags however many referrers, the changed type and document first', async () => {
    const referrers = Array.from({ length: 200 }, (_, i) => `type${i}`);
    const table: WebhookTable = { 'api::article.article': { path: 'articles', referrers } };
    const { tags } = await checkWebhook(delivery(ENTRY_EVENT), { secret: SECRET }, table);
    assert.equal(tags.length, 128);
    assert.deepEqual(tags.slice(0, 3), ['cms:articles', 'cms:articles:doc1', 'cms:type0']);
  });

  it('a uid that only the prototype of the table has is unknown', async () => {
    const error = await rejection(delivery({ ...ENTRY_EVENT, uid: 'toString' }));
    assert.equal(error.reason, 'uid');
  });

  it('a named header holding the whole secret (any case)', async () => {
    const request = delivery(ENTRY_EVENT, { headers: { authorization: '', 'X-Webhook-Secret': SECRET } });
    const result = await checkWebhook(request, { secret: SECRET, header: 'x-webhook-secret' }, UIDS);
    assert.equal(result.tags.length, 4);
  });

  it('application/json with a charset; no X-Strapi-Event header', async () => {
    const request = new Request(URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify(ENTRY_EVENT),
    });
    assert.equal((await checkWebhook(request, { secret: SECRET }, UIDS)).tags.length, 4);
  });
});

describe('checkWebhook: rejected deliveries', () => {
  const cases: [
    string,
    () => Request,
    CmsWebhookError['reason'],
    CmsWebhookError['status'],
    RegExp,
    WebhookOptions?,
  ][] = [
    ['a GET', () => delivery(ENTRY_EVENT, { method: 'GET' }), 'method', 405, /method GET.*POST/],
    ['a PUT', () => delivery(ENTRY_EVENT, { method: 'PUT' }), 'method', 405, /method PUT/],
    [
      'no Authorization header',
      () => {
        const request = delivery(ENTRY_EVENT);
        request.headers.delete('authorization');
        return request;
      },
      'secret',
      401,
      /no authorization header.*Authorization: Bearer <secret>/,
    ],
    [
      'a wrong secret',
      () => delivery(ENTRY_EVENT, { headers: { authorization: 'Bearer wrong' } }),
      'secret',
      401,
      /does not hold the secret/,
    ],
    [
      'the secret without Bearer',
      () => delivery(ENTRY_EVENT, { headers: { authorization: SECRET } }),
      'secret',
      401,
      /does not hold the secret/,
    ],
    [
      'the secret with a suffix',
      () => delivery(ENTRY_EVENT, { headers: { authorization: `Bearer ${SECRET}x` } }),
      'secret',
      401,
      /does not hold the secret/,
    ],
    [
      'the named header missing (the secret in Authorization instead)',
      () => delivery(ENTRY_EVENT),
      'secret',
      401,
      /no x-webhook-secret header.*x-webhook-secret: <secret>/,
      { secret: SECRET, header: 'x-webhook-secret' },
    ],
    [
      'not JSON by its content type',
      () => delivery(ENTRY_EVENT, { headers: { 'content-type': 'text/plain' } }),
      'content-type',
      415,
      /text\/plain.*application\/json/,
    ],
    ['a malformed body', () => delivery(ENTRY_EVENT, { raw: '{"event":' }), 'body', 400, /not JSON/],
    ['an empty body', () => delivery(ENTRY_EVENT, { raw: '' }), 'body', 400, /not JSON/],
    ['a JSON array', () => delivery([ENTRY_EVENT]), 'body', 400, /not a Strapi webhook event/],
    [
      'no createdAt',
      () => delivery({ ...ENTRY_EVENT, createdAt: undefined }),
      'body',
      400,
      /not a Strapi webhook event/,
    ],
    [
      'the body event differs from X-Strapi-Event (a tampered body)',
      () =>
        delivery(
          { ...ENTRY_EVENT, event: 'entry.delete' },
          { headers: { 'x-strapi-event': 'entry.publish' } },
        ),
      'body',
      400,
      /differs from X-Strapi-Event/,
    ],
    [
      'an entry event without an entry',
      () => delivery({ ...ENTRY_EVENT, entry: undefined }),
      'body',
      400,
      /entry.publish without a uid and an entry/,
    ],
    [
      'an entry without a documentId',
      () => delivery({ ...ENTRY_EVENT, entry: { id: 1 } }),
      'body',
      400,
      /with a documentId/,
    ],
    [
      'a media event without media',
      () => delivery({ ...MEDIA_EVENT, media: null }),
      'body',
      400,
      /media.delete without a media file/,
    ],
    [
      'an unknown event',
      () => delivery({ ...ENTRY_EVENT, event: 'review-workflows.updateEntryStage' }),
      'event',
      422,
      /unknown event "review-workflows.updateEntryStage"/,
    ],
    [
      'a content type this client does not know',
      () => delivery({ ...ENTRY_EVENT, uid: 'api::new.new' }),
      'uid',
      422,
      /"api::new.new".*regenerate/,
    ],
  ];
  for (const [name, request, reason, status, message, options] of cases) {
    it(`${name}: ${reason}, ${status}`, async () => {
      const error = await rejection(request(), options);
      assert.equal(error.reason, reason);
      assert.equal(error.status, status);
      assert.equal(error.name, 'CmsWebhookError');
      assert.match(error.message, /^Strapi webhook rejected: /);
      assert.match(error.message, message);
      assert.ok(isCmsWebhookError(error));
    });
  }

  it('the secret is never in the message', async () => {
    const error = await rejection(
      delivery(ENTRY_EVENT, { headers: { authorization: 'Bearer s3cret-valuX' } }),
    );
    assert.ok(!error.message.includes(SECRET.slice(0, 6)), error.message);
  });

  it('a malformed body keeps the parser error as its cause', async () => {
    const error = await rejection(delivery(ENTRY_EVENT, { raw: '{' }));
    assert.ok(error.cause instanceof SyntaxError);
  });

  it('the secret is checked before the body is read', async () => {
    const request = delivery(ENTRY_EVENT, { headers: { authorization: 'Bearer wrong' } });
    await rejection(request);
    assert.equal(request.bodyUsed, false);
  });

  it('isCmsWebhookError works across realms and rejects look-alikes', () => {
    assert.ok(isCmsWebhookError({ isCmsWebhookError: true }));
    assert.ok(!isCmsWebhookError(new Error('x')));
    assert.ok(!isCmsWebhookError(null));
  });

  it('a missing or empty secret, or an empty header name, is a TypeError (a configuration mistake)', async () => {
    for (const options of [{ secret: '' }, {} as WebhookOptions, { secret: SECRET, header: '' }])
      await assert.rejects(checkWebhook(delivery(ENTRY_EVENT), options, UIDS), TypeError);
  });
});
