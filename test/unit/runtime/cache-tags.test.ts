/**
 * The cache-tag scheme, keyed on REST paths: the tags of a content type and of a document, the
 * tags a change makes stale (with its referrers'), and the merge of derived and caller tags within Next.js's limits (256 characters per
 * tag, 128 tags per fetch).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  changeTags,
  contentTypeTag,
  documentTag,
  MAX_CACHE_TAG_LENGTH,
  MAX_CACHE_TAGS,
  MEDIA_PATH,
  mergeCacheTags,
} from '../../../src/runtime/core/cache-tags.ts';

describe('cache tags: the scheme', () => {
  const cases: [string, () => unknown, unknown][] = [
    ['a collection type', () => contentTypeTag('articles'), 'cms:articles'],
    ['a single type', () => contentTypeTag('site-setting'), 'cms:site-setting'],
    ['media', () => contentTypeTag(MEDIA_PATH), 'cms:upload/files'],
    ['one document', () => documentTag('articles', 'a1b2c3'), 'cms:articles:a1b2c3'],
    [
      'a change to a document: the type and the document',
      () => changeTags('tags', 'd0c'),
      ['cms:tags', 'cms:tags:d0c'],
    ],
    ['a change without a document: the type', () => changeTags('tags'), ['cms:tags']],
    [
      "a change with referrers: then each referrer's type tag, once",
      () => changeTags('authors', 'a1', ['articles', 'promos', 'articles', 'authors']),
      ['cms:authors', 'cms:authors:a1', 'cms:articles', 'cms:promos'],
    ],
  ];
  for (const [name, given, want] of cases) it(name, () => assert.deepEqual(given(), want));

  it('a change with more referrers than Next.js keeps: 128 tags, its own first', () => {
    const referrers = Array.from({ length: 300 }, (_, i) => `type-${i}`);
    const tags = changeTags('authors', 'a1', referrers);
    assert.equal(tags.length, MAX_CACHE_TAGS);
    assert.deepEqual(tags.slice(0, 3), ['cms:authors', 'cms:authors:a1', 'cms:type-0']);
    assert.equal(tags.at(-1), 'cms:type-125');
  });

  it("Next.js's limits", () => {
    assert.equal(MAX_CACHE_TAG_LENGTH, 256);
    assert.equal(MAX_CACHE_TAGS, 128);
  });
});

describe('mergeCacheTags', () => {
  const long = 'x'.repeat(MAX_CACHE_TAG_LENGTH + 1);
  const atLimit = 'y'.repeat(MAX_CACHE_TAG_LENGTH);
  const cases: [string, { derived: string[]; caller?: string[] | undefined; want: string[] }][] = [
    ['derived only', { derived: ['cms:a', 'cms:a:1'], want: ['cms:a', 'cms:a:1'] }],
    ['caller undefined', { derived: ['cms:a'], caller: undefined, want: ['cms:a'] }],
    [
      'derived first, then the caller',
      { derived: ['cms:a'], caller: ['page', 'nav'], want: ['cms:a', 'page', 'nav'] },
    ],
    [
      'each tag once, first place kept',
      { derived: ['cms:a', 'cms:b'], caller: ['cms:b', 'page', 'page'], want: ['cms:a', 'cms:b', 'page'] },
    ],
    [
      'tags Next.js ignores are left out: empty, over 256 characters',
      { derived: ['cms:a'], caller: ['', long, atLimit], want: ['cms:a', atLimit] },
    ],
  ];
  for (const [name, { derived, caller, want }] of cases)
    it(name, () => assert.deepEqual(mergeCacheTags(derived, caller), want));

  it('at most 128 tags: the derived ones are never cut by the caller', () => {
    const caller = Array.from({ length: 200 }, (_, i) => `caller-${i}`);
    const merged = mergeCacheTags(['cms:a', 'cms:a:1'], caller);
    assert.equal(merged.length, MAX_CACHE_TAGS);
    assert.deepEqual(merged.slice(0, 3), ['cms:a', 'cms:a:1', 'caller-0']);
    assert.equal(merged.at(-1), 'caller-125');
  });

  it('duplicates do not count towards the cap', () => {
    const caller = [
      ...Array.from({ length: 130 }, () => 'same'),
      ...Array.from({ length: 200 }, (_, i) => `t${i}`),
    ];
    const merged = mergeCacheTags([], caller);
    assert.equal(merged.length, MAX_CACHE_TAGS);
    assert.equal(merged[0], 'same');
    assert.equal(merged[1], 't0');
  });

  it('does not change its inputs', () => {
    const derived = ['cms:a'];
    const caller = ['cms:a', 'page'];
    mergeCacheTags(derived, caller);
    assert.deepEqual(derived, ['cms:a']);
    assert.deepEqual(caller, ['cms:a', 'page']);
  });
});
