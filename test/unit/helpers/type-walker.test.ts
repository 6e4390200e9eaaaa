/**
 * The walker that checks database responses against the generated types: values that fit pass,
 * values that do not fail with the path of each mismatch. Data-driven: each row is a type, a
 * value and the paths expected to mismatch (none for a value that fits).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aliasTypes } from '../../helpers/resolve-types.ts';

const TYPES = `
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export interface Link { url: string; label: string | null; newTab?: boolean }
export interface Hero { heading: string; cta: Link | null }
export interface TextBlock { body: string | null; align: 'left' | 'center' | 'right' | null }
export type Zone = ({ __component: 'sections.hero' } & Hero) | ({ __component: 'sections.text-block' } & TextBlock);
export interface Entry {
  id: number;
  title: string;
  count: number | null;
  flag: boolean;
  tags: string[];
  meta: JsonValue | null;
  zone: Zone[];
  formats: Record<string, { url: string }> | null;
}
export type Pair = [string, number];
export type Literal = 'a' | 1 | true;
export type Optional = { a?: string };
export type Loose = { [key: string]: number; fixed: number };
export type Draft = Omit<Entry, 'title'> & { title: string | null };
`;

const ENTRY = {
  id: 1,
  title: 'T',
  count: null,
  flag: false,
  tags: ['x'],
  meta: { nested: [1, 'two', true, null, { deep: {} }] },
  zone: [
    { __component: 'sections.hero', heading: 'H', cta: { url: 'u', label: null } },
    { __component: 'sections.text-block', body: null, align: 'left' },
  ],
  formats: { small: { url: '/s.png' } },
};

/** [type, value, paths that must mismatch ([] = the value fits)]. */
const CASES: [string, unknown, string[]][] = [
  ['Entry', ENTRY, []],
  ['Entry', { ...ENTRY, title: null }, ['$.title']],
  ['Draft', { ...ENTRY, title: null }, []],
  ['Entry', { ...ENTRY, id: '1' }, ['$.id']],
  ['Entry', { ...ENTRY, count: '3' }, ['$.count']],
  ['Entry', { ...ENTRY, flag: 1 }, ['$.flag']],
  ['Entry', { ...ENTRY, tags: ['x', 2] }, ['$.tags[1]']],
  ['Entry', { ...ENTRY, tags: 'x' }, ['$.tags']],
  ['Entry', { ...ENTRY, extra: 1 }, ['$.extra']],
  ['Entry', (({ flag: _, ...rest }) => rest)(ENTRY), ['$.flag']],
  ['Entry', { ...ENTRY, meta: true }, []],
  ['Entry', { ...ENTRY, meta: 'bare' }, []],
  ['Entry', { ...ENTRY, meta: { a: [{ b: undefined }] } }, ['$.meta.a[0].b']],
  [
    'Entry',
    { ...ENTRY, zone: [{ __component: 'sections.hero', heading: 3, cta: null }] },
    ['$.zone[0].heading'],
  ],
  [
    'Entry',
    { ...ENTRY, zone: [{ __component: 'sections.other', heading: 'H', cta: null }] },
    ['$.zone[0].__component'],
  ],
  [
    'Entry',
    { ...ENTRY, zone: [{ __component: 'sections.text-block', body: null, align: 'top' }] },
    ['$.zone[0].align'],
  ],
  ['Entry', { ...ENTRY, formats: { small: { url: 1 } } }, ['$.formats.small.url']],
  ['Entry', { ...ENTRY, formats: [] }, ['$.formats']],
  ['Entry', [ENTRY], ['$']],
  ['Entry[]', [ENTRY, { ...ENTRY, id: null }], ['$[1].id']],
  ['Pair', ['a', 1], []],
  ['Pair', ['a', 1, 2], ['$']],
  ['Pair', [1, 'a'], ['$[0]', '$[1]']],
  ['Literal', 'a', []],
  ['Literal', 1, []],
  ['Literal', true, []],
  ['Literal', false, ['$']],
  ['Literal', 'b', ['$']],
  ['Optional', {}, []],
  ['Optional', { a: 'x' }, []],
  ['Optional', { a: null }, ['$.a']],
  ['Loose', { fixed: 1, other: 2 }, []],
  ['Loose', { fixed: 1, other: 'x' }, ['$.other']],
  ['Loose', { other: 2 }, ['$.fixed']],
  ['null', null, []],
  ['null', 0, ['$']],
  ['string', 'x', []],
  ['never', 'x', ['$']],
  ['unknown', { any: 'thing' }, []],
];

describe('TypeWalker: a JSON value against a resolved type', () => {
  const names = [...new Set(CASES.map(([type]) => type))];
  const { walker, alias } = aliasTypes(
    `${TYPES}\n${names.map((type, index) => `export type Case${index} = ${type};`).join('\n')}`,
  );
  for (const [type, value, paths] of CASES) {
    const label = `${type} ${JSON.stringify(value)?.slice(0, 70)}`;
    it(`${paths.length === 0 ? 'accepts' : `rejects at ${paths.join(', ')}`}: ${label}`, () => {
      const mismatches = walker.check(alias(`Case${names.indexOf(type)}`), value);
      assert.deepEqual(
        mismatches.map((mismatch) => mismatch.path),
        paths,
        mismatches.map((mismatch) => `${mismatch.path}: ${mismatch.message}`).join('\n'),
      );
      for (const mismatch of mismatches) assert.ok(mismatch.message.length > 0);
    });
  }

  it('names what the type wanted and what the value held', () => {
    const [mismatch] = walker.check(alias(`Case${names.indexOf('Entry')}`), { ...ENTRY, id: '1' });
    assert.equal(mismatch?.message, 'expected number, got "1"');
  });
});
