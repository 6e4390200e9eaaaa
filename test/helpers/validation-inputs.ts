/**
 * The inputs of the validators' differential test (test/e2e/validators.test.ts): a seeded
 * PRNG, complete valid entries of the `validation` app's `check` and `plain` types, and for
 * every attribute the values around each of its rules' edges, valid and invalid (lengths ±1,
 * numeric and boolean strings, dates in many ISO forms, relation forms, component and zone
 * shapes, unknown keys). An input is a valid entry with one to three fields replaced; its labels
 * (`field=label`) name the replacements, which is how the test's KNOWN list names the inputs
 * Strapi and a validator must disagree on.
 */
import { seeded } from '../../src/runtime/mock/random.ts';

/** An input's field left out of the data. */
export const ABSENT: unique symbol = Symbol('absent');

/** The entries the test app holds before the inputs are sent (relations and media point at them). */
export interface Seeded {
  tags: { id: number; documentId: string }[];
  author: { id: number; documentId: string };
  /** An article (localized, draft and publish) in the default locale `en` only. */
  article: { id: number; documentId: string };
  image: { id: number; documentId: string };
}

/** What a value is built from: the seeded entries and a source of values no other input uses. */
export interface InputContext {
  seeded: Seeded;
  /** Lowercase letters, different on every call (for uid, unique and regex-bound fields). */
  unique(): string;
}

/** One replacement of a field: a label and the value (or ABSENT), built per input. */
export interface Candidate {
  label: string;
  value: (context: InputContext) => unknown;
  /**
   * Never combined with other replacements: Strapi refuses it for a reason the validators cannot
   * know (a missing related entry, a duplicate), which would hide the other replacements' errors.
   */
  alone?: boolean;
}

/** One input: the labels of its replacements and the `data` object sent. */
export interface Input {
  labels: string[];
  data: Record<string, unknown>;
}

/** Helpers over a PRNG. */
export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = seeded(seed);
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** A source of distinct lowercase words (`unique()` of an InputContext). */
export function uniqueWords(prefix = ''): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    let word = '';
    for (let n = counter; n > 0; n = Math.floor(n / 26)) word = String.fromCharCode(97 + (n % 26)) + word;
    return `${prefix}${word}`;
  };
}

const text = (value: string, marks: object = {}) => ({ type: 'text', text: value, ...marks });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
/** A string of `length` UTF-16 code units (Strapi counts lengths as JavaScript does). */
const chars = (length: number, unit = 'x') => unit.repeat(length);
/** A syntactically valid email of exactly `length` characters (length >= 12). */
function emailOf(length: number): string {
  const domain = '@example.test';
  return `${'a'.repeat(length - domain.length)}${domain}`;
}
/** An email longer than 255 characters that yup's pattern accepts (labels under 64 characters). */
const longEmail = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.test`;

/**
 * A complete `check` that a published create accepts (uids and unique fields fresh). The optional
 * relations, media and components are left out: each write costs less (the candidates set them).
 */
export function baseCheck(context: InputContext): Record<string, unknown> {
  const { seeded } = context;
  const word = context.unique();
  return {
    title: 'Check one',
    code: 'AB-12',
    sku: 'abc1',
    note: 'n',
    serial: `serial-${word}`,
    summary: 'A summary',
    body: '**b**',
    email: 'a@b.test',
    backupEmail: 'c@d.test',
    slug: `slug-${word}`,
    handle: `handle-${word}`,
    level: 'low',
    mood: 'calm',
    count: 3,
    quantity: 1,
    ratio: 1.5,
    price: 10.5,
    amount: 3.25,
    big: '42',
    flag: true,
    agreed: true,
    day: '2024-02-29',
    dueDay: '2024-03-01',
    at: '12:30:00',
    when: '2024-01-02T03:04:05.000Z',
    stamp: '2024-01-02T03:04:05.000Z',
    data: { a: 1 },
    story: [paragraph(text('s'))],
    cover: seeded.image.id,
    poster: seeded.image.documentId,
    author: seeded.author.documentId,
    tags: [seeded.tags[0]?.id, seeded.tags[1]?.documentId],
    main: { label: 'main', size: 2, tone: 'cool', leaf: { name: 'lf' } },
    items: [{ label: 'i1' }],
    extras: [],
    zone: [{ __component: 'checks.leaf', name: 'zl' }],
    tail: [],
    kind: 'internal',
    depth: 2,
  };
}

/** A complete `plain` that a create accepts. */
export function basePlain(context: InputContext): Record<string, unknown> {
  return {
    name: 'Plain one',
    score: 50,
    email: 'p@x.test',
    flag: false,
    data: { p: 1 },
    ref: `ref-${context.unique()}`,
    tag: context.seeded.tags[0]?.id,
    leaf: { name: 'leaf' },
    parts: [{ name: 'part' }],
  };
}

const c = (label: string, value: unknown, alone = false): Candidate => ({
  label,
  value: () => (value === ABSENT ? ABSENT : structuredClone(value)),
  ...(alone ? { alone } : {}),
});
const f = (label: string, value: (context: InputContext) => unknown, alone = false): Candidate => ({
  label,
  value,
  ...(alone ? { alone } : {}),
});

/** Values of any field's wrong JSON types. */
const wrongTypes = (except: string[] = []): Candidate[] =>
  [c('number 5', 5), c('true', true), c('array', ['x']), c('object', { a: 1 }), c('empty object', {})].filter(
    (candidate) => !except.includes(candidate.label),
  );

const nullish = [c('null', null), c('absent', ABSENT)];

/** Numbers as yup casts them: numeric strings, whitespace, hex, exponent, arrays, booleans. */
const numberForms = [
  c('"0x10"', '0x10'),
  c('"0b11"', '0b11'),
  c('"1e3"', '1e3'),
  c('"1e-1"', '1e-1'),
  c('" 1 2 "', ' 1 2 '),
  c('"3"', '3'),
  c('" 4 "', ' 4 '),
  c('"2.0"', '2.0'),
  c('""', ''),
  c('" "', ' '),
  c('"abc"', 'abc'),
  c('"3abc"', '3abc'),
  c('"Infinity"', 'Infinity'),
  c('"-Infinity"', '-Infinity'),
  c('"NaN"', 'NaN'),
  c('[5]', [5]),
  c('["4"]', ['4']),
  c('[1,2]', [1, 2]),
  c('[]', []),
  c('true', true),
  c('false', false),
  c('object', { n: 1 }),
  c('null', null),
  c('absent', ABSENT),
];

/** ISO 8601 forms and near misses for datetime and timestamp. */
const dateTimeForms = [
  c('Z', '2024-01-02T03:04:05Z'),
  c('ms Z', '2024-01-02T03:04:05.123Z'),
  c('offset', '2024-01-02T03:04:05+02:00'),
  c('offset no colon', '2024-01-02T03:04:05+0200'),
  c('no offset', '2024-01-02T03:04:05'),
  c('space', '2024-01-02 03:04:05'),
  c('no seconds', '2024-01-02T03:04'),
  c('date only', '2024-01-02'),
  c('year', '2024'),
  c('year-month', '2024-01'),
  c('week', '2024-W01-1'),
  c('ordinal', '2024-032'),
  c('basic', '20240102T030405Z'),
  c('feb 30', '2024-02-30T00:00:00Z'),
  c('hour 25', '2024-01-02T25:00:00Z'),
  c('ms string', '1704164645000'),
  c('ms number', 1704164645000),
  c('number 2024', 2024),
  c('zero', 0),
  c('negative', -1),
  c('nope', 'nope'),
  c('empty', ''),
  c('true', true),
  c('object', {}),
  c('array', ['2024-01-02']),
  c('null', null),
  c('absent', ABSENT),
];

const dateForms = [
  c('leap day', '2024-02-29'),
  c('not leap', '2023-02-29'),
  c('feb 30', '2024-02-30'),
  c('month 13', '2024-13-01'),
  c('month 00', '2024-00-10'),
  c('day 32', '2024-01-32'),
  c('short', '2024-1-1'),
  c('basic', '20240102'),
  c('datetime Z', '2024-02-03T10:00:00Z'),
  c('trailing', '2024-02-03 junk'),
  c('slashes', '2024/02/03'),
  c('year', '2024'),
  c('number', 20240102),
  c('empty', ''),
  c('nope', 'nope'),
  c('true', true),
  c('object', {}),
  c('null', null),
  c('absent', ABSENT),
];

const timeForms = [
  c('seconds', '12:30:00'),
  c('ms 1', '12:30:00.1'),
  c('ms 3', '23:59:59.999'),
  c('ms 4', '12:30:00.1234'),
  c('no seconds', '12:30'),
  c('hour 24', '24:00:00'),
  c('minute 60', '12:60:00'),
  c('one digit hour', '1:02:03'),
  c('offset', '12:30:00Z'),
  c('empty', ''),
  c('number', 5),
  c('true', true),
  c('object', {}),
  c('null', null),
  c('absent', ABSENT),
];

/** Blocks values: valid trees of every node kind, and invalid ones (never a null node: see KNOWN_500). */
const blocksForms = (required: boolean): Candidate[] => [
  c('paragraph marks', [paragraph(text('a', { bold: true, italic: 'true', code: 1 }))]),
  c('heading 6', [{ type: 'heading', level: 6, children: [text('h')] }]),
  c('heading "3"', [{ type: 'heading', level: '3', children: [text('h')] }]),
  c('heading 7', [{ type: 'heading', level: 7, children: [text('h')] }]),
  c('heading 0', [{ type: 'heading', level: 0, children: [text('h')] }]),
  c('heading no level', [{ type: 'heading', children: [text('h')] }]),
  c('quote', [{ type: 'quote', children: [text('q')] }]),
  c('quote empty', [{ type: 'quote', children: [] }]),
  c('code', [{ type: 'code', language: 'ts', children: [text('x')] }]),
  c('code empty', [{ type: 'code', children: [] }]),
  c('code language 5', [{ type: 'code', language: 5, children: [text('x')] }]),
  c('list', [
    { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('i')] }] },
  ]),
  c('nested list', [
    {
      type: 'list',
      format: 'ordered',
      children: [{ type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [] }] }],
    },
  ]),
  c('list bad format', [
    { type: 'list', format: 'bullets', children: [{ type: 'list-item', children: [] }] },
  ]),
  c('list text child', [{ type: 'list', format: 'ordered', children: [text('x')] }]),
  c('list empty', [{ type: 'list', format: 'ordered', children: [] }]),
  c('link https', [paragraph({ type: 'link', url: 'https://e.test/x', children: [text('l')] })]),
  c('link relative', [paragraph({ type: 'link', url: '/about', children: [text('l')] })]),
  c('link mailto', [paragraph({ type: 'link', url: 'mailto:a@b.test', children: [text('l')] })]),
  c('link javascript', [paragraph({ type: 'link', url: 'javascript:alert(1)', children: [text('l')] })]),
  c('link not a url', [paragraph({ type: 'link', url: 'not a url', children: [text('l')] })]),
  c('link no children', [paragraph({ type: 'link', url: 'https://e.test' })]),
  c('paragraph empty', [paragraph()]),
  c('paragraph heading child', [paragraph({ type: 'heading', level: 1, children: [] })]),
  c('text number', [paragraph({ type: 'text', text: 5 })]),
  c('text missing', [paragraph({ type: 'text' })]),
  c('text bold null', [paragraph(text('a', { bold: null }))]),
  c('text bold "yes"', [paragraph(text('a', { bold: 'yes' }))]),
  c('unknown type', [{ type: 'table', children: [] }]),
  c('no type', [{ children: [text('x')] }]),
  c('string node', ['x']),
  c('number node', [5]),
  c('image incomplete', [{ type: 'image', image: { name: 'x' }, children: [text('')] }]),
  c('image missing', [{ type: 'image', children: [text('')] }]),
  c('two bad nodes', [{ type: 'heading', level: 9, children: [] }, paragraph()]),
  c('json array string', JSON.stringify([paragraph(text('j'))])),
  c('json bad string', '[{"type":'),
  c('plain string', 'hello'),
  c('object', { type: 'paragraph' }),
  c('number', 5),
  c('empty', []),
  c('null', null),
  ...(required ? [c('absent', ABSENT)] : []),
];

/** The values of a relation to tags (many): the forms Strapi 5 takes. */
function manyRelationForms(): Candidate[] {
  return [
    f('ids', ({ seeded }) => seeded.tags.map((tag) => tag.id)),
    f('documentIds', ({ seeded }) => seeded.tags.map((tag) => tag.documentId)),
    f('mixed', ({ seeded }) => [seeded.tags[0]?.id, { documentId: seeded.tags[1]?.documentId }]),
    f('single id', ({ seeded }) => seeded.tags[0]?.id),
    f('single documentId', ({ seeded }) => seeded.tags[0]?.documentId),
    f('object id', ({ seeded }) => ({ id: seeded.tags[0]?.id })),
    f('connect', ({ seeded }) => ({ connect: [seeded.tags[0]?.documentId] })),
    f('connect single', ({ seeded }) => ({ connect: seeded.tags[0]?.id })),
    f('set', ({ seeded }) => ({ set: [{ documentId: seeded.tags[1]?.documentId }] })),
    f('set empty', () => ({ set: [] })),
    f('disconnect', ({ seeded }) => ({ disconnect: [seeded.tags[0]?.id] })),
    f('connect and disconnect', ({ seeded }) => ({
      connect: [seeded.tags[0]?.id],
      disconnect: [seeded.tags[1]?.id],
    })),
    f('position start end', ({ seeded }) => ({
      connect: [
        { documentId: seeded.tags[0]?.documentId, position: { end: true } },
        { documentId: seeded.tags[1]?.documentId, position: { start: true } },
      ],
    })),
    f('position before connected', ({ seeded }) => ({
      connect: [
        { documentId: seeded.tags[0]?.documentId },
        { documentId: seeded.tags[1]?.documentId, position: { before: seeded.tags[0]?.documentId } },
      ],
    })),
    f('position after connected', ({ seeded }) => ({
      connect: [
        { id: seeded.tags[0]?.id },
        { id: seeded.tags[1]?.id, position: { after: seeded.tags[0]?.id } },
      ],
    })),
    f('connect locale', ({ seeded }) => ({
      connect: [{ documentId: seeded.tags[0]?.documentId, locale: 'fr' }],
    })),
    f('item locale', ({ seeded }) => [{ documentId: seeded.tags[0]?.documentId, locale: 'en' }]),
    f('options strict', ({ seeded }) => ({ connect: [seeded.tags[0]?.id], options: { strict: false } })),
    f('connect empty', () => ({ connect: [] })),
    c('empty array', []),
    c('null', null),
    c('absent', ABSENT),
    // Refused by the key check, which a validator can know.
    f('item status', ({ seeded }) => [{ documentId: seeded.tags[0]?.documentId, status: 'published' }]),
    f('item position', ({ seeded }) => [{ documentId: seeded.tags[0]?.documentId, position: { end: true } }]),
    c('unknown operation', { add: [1] }),
    // Strapi looks these up: refused for entries that do not exist (KNOWN).
    c('missing id', [999999], true),
    c('missing documentId', ['zzzzzzzzzzzzzzzzzzzzzzzz'], true),
    f('numeric string id', ({ seeded }) => [String(seeded.tags[0]?.id)], true),
    f(
      'position before unconnected',
      ({ seeded }) => ({
        connect: [
          { documentId: seeded.tags[1]?.documentId, position: { before: seeded.tags[0]?.documentId } },
        ],
      }),
      true,
    ),
    c('true', true, true),
  ];
}

/** The values of a to-one relation (manyToOne author). */
function oneRelationForms(): Candidate[] {
  return [
    f('id', ({ seeded }) => seeded.author.id),
    f('documentId', ({ seeded }) => seeded.author.documentId),
    f('object documentId', ({ seeded }) => ({ documentId: seeded.author.documentId })),
    f('object with target key', ({ seeded }) => ({ documentId: seeded.author.documentId, name: 'x' })),
    f('array', ({ seeded }) => [seeded.author.id]),
    f('connect', ({ seeded }) => ({ connect: [seeded.author.documentId] })),
    f('set', ({ seeded }) => ({ set: [seeded.author.id] })),
    f('disconnect', ({ seeded }) => ({ disconnect: [seeded.author.id] })),
    c('null', null),
    c('absent', ABSENT),
    f('object status', ({ seeded }) => ({ documentId: seeded.author.documentId, status: 'draft' })),
    c('unknown key', { foo: 1 }),
    c('missing id', 999999, true),
    c('missing documentId', 'zzzzzzzzzzzzzzzzzzzzzzzz', true),
  ];
}

/** The values of a media field: ids and documentIds of the seeded image, and shapes Strapi lets through. */
function mediaForms(multiple: boolean): Candidate[] {
  return [
    f('id', ({ seeded }) => seeded.image.id),
    f('documentId', ({ seeded }) => seeded.image.documentId),
    f('array', ({ seeded }) => [seeded.image.id]),
    f('two', ({ seeded }) => [seeded.image.id, seeded.image.documentId]),
    f('object id', ({ seeded }) => ({ id: seeded.image.id })),
    f('connect', ({ seeded }) => ({ connect: [seeded.image.id] })),
    c('object without id', { url: '/x.png' }),
    c('empty object', {}),
    c('empty array', []),
    c('null', null),
    ...(multiple ? [] : [c('absent', ABSENT)]),
    c('missing id', 999999, true),
    c('missing documentId', 'zzzzzzzzzzzzzzzzzzzzzzzz', true),
  ];
}

/** Values of one `checks.leaf` (name required 2–8, value ≤ 100, on boolean, note ≤ 12, tag, image). */
export function leafForms(): Candidate[] {
  return [
    c('valid', { name: 'leaf' }),
    f('full', ({ seeded }) => ({
      name: 'full',
      value: 100,
      on: 'TRUE',
      note: chars(12),
      tag: seeded.tags[0]?.id,
      image: seeded.image.id,
    })),
    c('name 1', { name: 'a' }),
    c('name 8', { name: chars(8) }),
    c('name 9', { name: chars(9) }),
    c('name missing', { value: 1 }),
    c('name null', { name: null }),
    c('name number', { name: 12 }),
    c('value 100.5', { name: 'ab', value: 100.5 }),
    c('value "1e2"', { name: 'ab', value: '1e2' }),
    c('on "yes"', { name: 'ab', on: 'yes' }),
    c('note 13', { name: 'ab', note: chars(13) }),
    c('unknown key', { name: 'ab', nope: 1 }),
    c('id key', { id: 12345, name: 'ab' }),
    f('relation then connect key', ({ seeded }) => ({ name: 'ab', tag: seeded.tags[0]?.id, connect: 1 })),
    c('connect key first', { connect: 1, name: 'ab' }),
    c('createdAt key', { name: 'ab', createdAt: '2024-01-01' }),
    c('tag missing', { name: 'ab', tag: 999999 }, true),
  ];
}

/** Values of one `checks.item` (label required ≤ 10, size 1–5, tone, heat visible when warm, leaf, leaves ≤ 2). */
function itemForms(): Candidate[] {
  return [
    c('valid', { label: 'item' }),
    c('full', {
      label: chars(10),
      size: 5,
      tone: 'cool',
      leaf: { name: 'lf' },
      leaves: [{ name: 'a1' }, { name: 'a2' }],
    }),
    c('label 11', { label: chars(11) }),
    c('label missing', { size: 2 }),
    c('label empty', { label: '' }),
    c('label null', { label: null }),
    c('empty', {}),
    c('size 0', { label: 'x', size: 0 }),
    c('size 6', { label: 'x', size: 6 }),
    c('size "5"', { label: 'x', size: '5' }),
    c('size 1.5', { label: 'x', size: 1.5 }),
    c('tone hot', { label: 'x', tone: 'hot' }),
    c('warm no heat', { label: 'x', tone: 'warm' }),
    c('warm heat 9', { label: 'x', tone: 'warm', heat: 9 }),
    c('warm heat 10', { label: 'x', tone: 'warm', heat: 10 }),
    c('warm heat "x"', { label: 'x', tone: 'warm', heat: 'x' }),
    c('cool heat "x"', { label: 'x', tone: 'cool', heat: 'x' }),
    c('cool heat 10', { label: 'x', tone: 'cool', heat: 10 }),
    c('leaf invalid', { label: 'x', leaf: { name: 'a' } }),
    c('leaf null', { label: 'x', leaf: null }),
    c('leaf string', { label: 'x', leaf: 'lf' }),
    c('leaves 3', { label: 'x', leaves: [{ name: 'ab' }, { name: 'ab' }, { name: 'ab' }] }),
    c('leaves null', { label: 'x', leaves: null }),
    c('leaves bad item', { label: 'x', leaves: [{ name: 'ab' }, { name: chars(9) }] }),
    c('unknown key', { label: 'x', nope: true }),
    c('nested unknown key', { label: 'x', leaf: { name: 'ab', nope: true } }),
    c('id key', { id: 4242, label: 'x' }),
    c('array', [{ label: 'x' }]),
    c('string', 'item'),
  ];
}

/** Repeatable or zone contents built from item values. */
const list = (...items: unknown[]) => items;
const leafItem = (name = 'zl') => ({ __component: 'checks.leaf', name });
const itemItem = (label = 'zi') => ({ __component: 'checks.item', label });

/** The replacement values of every `check` field, and of keys no attribute has. */
export function checkCandidates(): Record<string, Candidate[]> {
  const unique = (format: (word: string) => string) => (context: InputContext) => format(context.unique());
  return {
    title: [
      c('2', 'ab'),
      c('3', 'abc'),
      c('20', chars(20)),
      c('21', chars(21)),
      c('10 emoji (20 units)', chars(10, '😀')),
      c('11 emoji (22 units)', chars(11, '😀')),
      c('empty', ''),
      c('spaces', '   '),
      ...nullish,
      ...wrongTypes(),
    ],
    code: [
      c('valid', 'XY-99'),
      c('lowercase', 'xy-99'),
      c('too long', 'XY-999'),
      c('prefix', 'AXY-99'),
      c('empty', ''),
      c('null', null),
      c('number', 12),
    ],
    sku: [
      c('3 letters', 'abc'),
      c('digits', 'abc123'),
      c('short', 'ab'),
      c('upper', 'ABC'),
      c('empty', ''),
      ...nullish,
      c('number', 123),
    ],
    note: [c('255', chars(255)), c('256', chars(256)), c('empty', ''), c('null', null), c('number', 0)],
    serial: [
      f(
        '40',
        unique((word) => `${word}${chars(40 - word.length, 's')}`),
      ),
      f(
        '41',
        unique((word) => `${word}${chars(41 - word.length, 's')}`),
      ),
      c('empty', ''),
      c('null', null),
      c('duplicate', 'duplicate-serial', true),
    ],
    summary: [
      c('1', 'a'),
      c('2', 'ab'),
      c('40', chars(40)),
      c('41', chars(41)),
      c('empty', ''),
      c('null', null),
      c('number', 7),
    ],
    body: [c('60', chars(60)), c('61', chars(61)), c('empty', ''), c('null', null), c('object', { md: 1 })],
    email: [
      c('upper', 'A.B@EXAMPLE.TEST'),
      c('plus', 'a+b@c.io'),
      c('no tld', 'a@b'),
      c('no domain', 'x@'),
      c('space', 'a b@c.test'),
      c('two at', 'a@@b.test'),
      c('unicode', 'ü@exämple.test'),
      c('empty', ''),
      c('number', 5),
      ...nullish,
    ],
    backupEmail: [
      c('30', emailOf(30)),
      c('31', emailOf(31)),
      c('bad', 'nope'),
      c('empty', ''),
      c('null', null),
      c('absent', ABSENT),
    ],
    slug: [
      f(
        'all allowed characters',
        unique((word) => `Az09-_.~${word}`),
      ),
      c('space', 'a b'),
      c('slash', 'a/b'),
      c('unicode', 'é-x'),
      c('empty', ''),
      c('null', null),
      c('number', 5),
    ],
    handle: [
      f(
        'dashes',
        unique((word) => `ab-${word}`),
      ),
      c('double dash', 'ab--cd'),
      c('upper', 'Ab'),
      c('underscore', 'a_b'),
      c('digits', 'ab1'),
      c('empty', ''),
      c('null', null),
      c('array', ['ab']),
    ],
    secret: [
      c('6', chars(6)),
      c('5', chars(5)),
      c('12', chars(12)),
      c('13', chars(13)),
      c('empty', ''),
      c('null', null),
      c('number', 123456),
    ],
    pin: [
      c('2', 'ab'),
      c('4', 'abcd'),
      c('300', chars(300)),
      c('empty', ''),
      c('null', null),
      c('true', true),
    ],
    level: [
      c('high', 'high'),
      c('"true"', 'true'),
      c('true', true),
      c('"NaN"', 'NaN'),
      c('"Infinity"', 'Infinity'),
      c('upper', 'LOW'),
      c('padded', ' low'),
      c('empty', ''),
      c('number 1', 1),
      c('array', ['low']),
      c('object', {}),
      ...nullish,
    ],
    mood: [
      c('"false"', 'false'),
      c('false', false),
      c('"null"', 'null'),
      c('0', 0),
      c('padded', 'calm '),
      ...nullish,
    ],
    shade: [
      c('light', 'light'),
      c('long value', `l${chars(259, 'o')}ng`),
      c('other', 'dark'),
      c('null', null),
    ],
    count: [
      c('-5', -5),
      c('-6', -6),
      c('10', 10),
      c('11', 11),
      c('2.5', 2.5),
      c('"10"', '10'),
      c('"-0x1"', '-0x1'),
      c('"1e1"', '1e1'),
      c('1e21', 1e21),
      ...numberForms,
    ],
    quantity: [
      c('0', 0),
      c('-1', -1),
      c('1.5', 1.5),
      c('"7"', '7'),
      c('2147483647', 2147483647),
      ...nullish,
      c('"x"', 'x'),
    ],
    ratio: [
      c('0.5', 0.5),
      c('0.49', 0.49),
      c('9.5', 9.5),
      c('9.51', 9.51),
      c('"9.5"', '9.5'),
      c('"0.5e1"', '0.5e1'),
      ...numberForms,
    ],
    price: [
      c('0', 0),
      c('-0.01', -0.01),
      c('1e9', 1e9),
      c('1e9 + 1', 1e9 + 1),
      c('123.456', 123.456),
      c('"12.5"', '12.5'),
      c('null', null),
      c('"x"', 'x'),
    ],
    amount: [
      c('1.005', 1.005),
      c('-5', -5),
      c('"  6.5 "', '  6.5 '),
      c('[1.5]', [1.5]),
      c('true', true),
      c('null', null),
    ],
    big: [
      c('"0"', '0'),
      c('-500 (below min)', -500),
      c('"101" (above max)', '101'),
      c('20 digits', '12345678901234567890'),
      c('padded', ' 7 '),
      c('"+5"', '+5'),
      c('"-0"', '-0'),
      c('1.5', 1.5),
      c('"1.0"', '1.0'),
      c('"1e3"', '1e3'),
      c('"0x10"', '0x10'),
      c('"abc"', 'abc'),
      c('""', ''),
      c('1e21', 1e21),
      c('true', true),
      c('array', [5]),
      c('object', {}),
      c('null', null),
    ],
    flag: [
      c('"TRUE"', 'TRUE'),
      c('"false"', 'false'),
      c('"0"', '0'),
      c('"1"', '1'),
      c('1', 1),
      c('0', 0),
      c('2', 2),
      c('"yes"', 'yes'),
      c('" true"', ' true'),
      c('""', ''),
      c('[true]', [true]),
      c('["0"]', ['0']),
      c('object', {}),
      c('null', null),
    ],
    agreed: [c('false', false), c('"False"', 'False'), ...nullish, c('"no"', 'no')],
    day: dateForms,
    dueDay: [c('valid', '2025-12-31'), c('bad', '2025-12-32'), ...nullish],
    at: timeForms,
    when: dateTimeForms,
    stamp: dateTimeForms,
    data: [
      c('string', 'hello'),
      c('quoted', '"q"'),
      c('number', 5),
      c('numeric string', '5'),
      c('zero', 0),
      c('false', false),
      c('empty string', ''),
      c('array', [1, 'a', null]),
      c('nested', { a: { b: [1, { c: null }] } }),
      ...nullish,
    ],
    extra: [c('string', 'x'), c('true', true), c('null', null), c('object', { k: 'v' }), c('absent', ABSENT)],
    content: blocksForms(false),
    story: blocksForms(true),
    cover: mediaForms(false),
    gallery: mediaForms(true),
    poster: mediaForms(false),
    author: oneRelationForms(),
    tags: manyRelationForms(),
    featuredTag: [
      f('id', ({ seeded }) => seeded.tags[1]?.id),
      // The base's `tags` holds the same tag as a number (KNOWN).
      f('numeric string id', ({ seeded }) => String(seeded.tags[0]?.id), true),
      f('two ids', ({ seeded }) => seeded.tags.map((tag) => tag.id)),
      f('set two', ({ seeded }) => ({ set: seeded.tags.map((tag) => tag.documentId) })),
      c('null', null),
      c('missing id', 999999, true),
    ],
    articles: [
      f('documentId', ({ seeded }) => [seeded.article.documentId]),
      f('locale en', ({ seeded }) => [{ documentId: seeded.article.documentId, locale: 'en' }]),
      f('connect locale en', ({ seeded }) => ({
        connect: [{ documentId: seeded.article.documentId, locale: 'en' }],
      })),
      c('null', null),
      c('empty', []),
      f('locale fr (none)', ({ seeded }) => [{ documentId: seeded.article.documentId, locale: 'fr' }], true),
    ],
    main: [...itemForms(), ...nullish],
    side: [...leafForms(), c('null', null), c('absent', ABSENT), c('array', [{ name: 'ab' }])],
    items: [
      c('empty', []),
      c('one', list({ label: 'a' })),
      c('three', list({ label: 'a' }, { label: 'b' }, { label: 'c' })),
      c('four', list({ label: 'a' }, { label: 'b' }, { label: 'c' }, { label: 'd' })),
      c('second bad', list({ label: 'a' }, { label: chars(11) })),
      c('third missing label', list({ label: 'a' }, { label: 'b' }, { size: 2 })),
      c('four and a bad one', list({ label: 'a' }, { label: 'b' }, { label: 'c' }, { label: chars(11) })),
      c('null item', [null]),
      c('string item', ['a']),
      c('array item', [[{ label: 'a' }]]),
      c('object', { label: 'a' }),
      c('second unknown key', list({ label: 'a' }, { label: 'b', nope: 1 })),
      c('nested leaves bad', list({ label: 'a', leaves: [{ name: 'x' }] })),
      ...nullish,
    ],
    extras: [
      c('empty', []),
      c('one', list({ name: 'ab' })),
      c('two', list({ name: 'ab' }, { name: 'cd' })),
      c('three', list({ name: 'ab' }, { name: 'cd' }, { name: 'ef' })),
      c('four', list({ name: 'ab' }, { name: 'cd' }, { name: 'ef' }, { name: 'gh' })),
      c('one bad', list({ name: 'a' })),
      ...nullish,
    ],
    zone: [
      c('empty', []),
      c('item', list(itemItem())),
      c('three mixed', list(leafItem(), itemItem(), leafItem('zz'))),
      c('four', list(leafItem(), leafItem(), leafItem(), leafItem())),
      c('unlisted registered component', list({ __component: 'shared.link', url: 'x' })),
      c('unknown component', list({ __component: 'checks.nope', name: 'ab' })),
      c('missing __component', list({ name: 'ab' })),
      c('__component number', list({ __component: 5 })),
      c('null item', [null]),
      c('string item', ['checks.leaf']),
      c('second bad', list(leafItem(), leafItem('a'))),
      c('item warm no heat', list({ __component: 'checks.item', label: 'x', tone: 'warm' })),
      c('leaf unknown key', list({ __component: 'checks.leaf', name: 'ab', nope: 1 })),
      c('item with id', list({ __component: 'checks.leaf', id: 77777, name: 'ab' })),
      c('object', leafItem()),
      ...nullish,
    ],
    tail: [
      c('two', list(leafItem(), leafItem())),
      c('three', list(leafItem(), leafItem(), leafItem())),
      c('unlisted item', list(itemItem())),
      c('null', null),
      c('absent', ABSENT),
    ],
    kind: [
      c('external, url and partner', 'external'),
      c('other', 'other'),
      c('null', null),
      c('absent', ABSENT),
    ],
    url: [
      c('https', 'https://e.test'),
      c('ftp', 'ftp://e.test'),
      c('empty', ''),
      c('null', null),
      c('number', 1),
    ],
    target: [c('_blank', '_blank'), c('nope', 'nope'), c('null', null)],
    depth: [c('1', 1), c('0', 0), c('"2"', '2'), ...nullish],
    partner: [c('valid', { name: 'pa' }), c('bad', { name: 'p' }), c('null', null)],
    // Keys no attribute has, and the keys Strapi treats apart.
    nope: [c('number', 1), c('null', null)],
    id: [c('number', 5)],
    documentId: [c('string', 'abc')],
    createdAt: [c('date', '2024-01-01')],
    updatedBy: [c('id', 1)],
    publishedAt: [c('date', '2024-01-01T00:00:00.000Z'), c('null', null)],
    locale: [c('fr', 'fr'), c('256', chars(256)), c('number', 5), c('null', null)],
    localizations: [c('empty', [])],
    __component: [c('leaf', 'checks.leaf')],
  };
}

/** The replacement values of every `plain` field (no draft and publish: one pass, the published rules). */
export function plainCandidates(): Record<string, Candidate[]> {
  return {
    name: [
      c('1', 'a'),
      c('2', 'ab'),
      c('30', chars(30)),
      c('31', chars(31)),
      c('empty', ''),
      ...nullish,
      c('number', 3),
    ],
    score: [
      c('0', 0),
      c('-1', -1),
      c('100', 100),
      c('101', 101),
      c('"100"', '100'),
      c('"0x64"', '0x64'),
      c('1.5', 1.5),
      ...nullish,
    ],
    email: [c('bad', 'a@'), c('empty', ''), ...nullish],
    flag: [c('"1"', '1'), c('"f"', 'f'), ...nullish],
    data: [c('string', 'hello'), c('null', null), c('absent', ABSENT), c('false', false)],
    ref: [
      f('allowed characters', (context) => `R_~.-${context.unique()}`),
      c('space', 'r f'),
      c('empty', ''),
      ...nullish,
      c('duplicate', 'duplicate-ref', true),
    ],
    tag: [
      f('documentId', ({ seeded }) => seeded.tags[1]?.documentId),
      c('null', null),
      c('missing id', 999999, true),
    ],
    leaf: [...leafForms(), ...nullish],
    parts: [
      c('empty', []),
      c('two', list({ name: 'ab' }, { name: 'cd' })),
      c('bad', list({ name: 'a' })),
      ...nullish,
    ],
    nope: [c('number', 1)],
    locale: [c('fr', 'fr')],
  };
}

/**
 * The values where a database, not the rules, decides (PostgreSQL): decimal(10,2), int4,
 * int8, jsonb and varchar(255) columns. Each is also an input on SQLite.
 */
export function databaseCandidates(): Record<string, Candidate[]> {
  const long = (length: number) => (context: InputContext) => {
    const word = context.unique();
    return `${word}${chars(length - word.length, 'u')}`;
  };
  return {
    price: [c('99999999.99', 99999999.99), c('1e8', 1e8), c('123.456', 123.456)],
    amount: [c('1e15', 1e15), c('-1e8', -1e8), c('0.001', 0.001)],
    quantity: [c('2147483647', 2147483647), c('2147483648', 2147483648), c('2^53 - 1', 9007199254740991)],
    big: [
      c('int8 max', '9223372036854775807'),
      c('int8 max + 1', '9223372036854775808'),
      c('int8 min - 1', '-9223372036854775809'),
      c('2^53 + 1', '9007199254740993'),
    ],
    data: [c('string', 'hello'), c('numeric string', '5'), c('empty string', ''), c('quoted', '"q"')],
    extra: [c('string', 'x'), c('json text', '{"a":1}')],
    email: [c('256', longEmail)],
    slug: [f('255', long(255)), f('256', long(256))],
    handle: [f('256', long(256))],
    shade: [c('long value', `l${chars(259, 'o')}ng`)],
    pin: [c('300', chars(300))],
    note: [c('255 multibyte', chars(255, 'é'))],
  };
}

/** The inputs that change exactly one field, each candidate once (deterministic coverage). */
export function singleInputs(
  candidates: Record<string, Candidate[]>,
  base: (context: InputContext) => Record<string, unknown>,
  context: InputContext,
): Input[] {
  const inputs: Input[] = [];
  for (const [field, list] of Object.entries(candidates))
    for (const candidate of list) inputs.push(build(base(context), [[field, candidate]], context));
  return inputs;
}

/** A random input: a base with 1 to 3 fields replaced (never an `alone` candidate among others). */
export function randomInput(
  random: Random,
  candidates: Record<string, Candidate[]>,
  base: (context: InputContext) => Record<string, unknown>,
  context: InputContext,
): Input {
  const fields = Object.keys(candidates);
  const count = 1 + random.int(3);
  const chosen: [string, Candidate][] = [];
  while (chosen.length < count) {
    const field = random.pick(fields);
    if (chosen.some(([name]) => name === field)) continue;
    const list = (candidates[field] ?? []).filter((candidate) => count === 1 || !candidate.alone);
    if (list.length === 0) continue;
    chosen.push([field, random.pick(list)]);
  }
  return build(base(context), chosen, context);
}

function build(data: Record<string, unknown>, chosen: [string, Candidate][], context: InputContext): Input {
  for (const [field, candidate] of chosen) {
    const value = candidate.value(context);
    if (value === ABSENT) delete data[field];
    else data[field] = value;
  }
  return { labels: chosen.map(([field, candidate]) => `${field}=${candidate.label}`), data };
}

/**
 * A partial body for an update: 1 to 3 fields with their replacement values, without ABSENT
 * (a field left out of an update is just not sent).
 */
export function randomUpdate(
  random: Random,
  candidates: Record<string, Candidate[]>,
  context: InputContext,
): Input {
  const fields = Object.keys(candidates);
  const count = 1 + random.int(3);
  const chosen: [string, Candidate][] = [];
  let guard = 0;
  while (chosen.length < count && guard++ < 100) {
    const field = random.pick(fields);
    if (chosen.some(([name]) => name === field)) continue;
    const list = (candidates[field] ?? []).filter(
      (candidate) => candidate.label !== 'absent' && (count === 1 || !candidate.alone),
    );
    if (list.length === 0) continue;
    chosen.push([field, random.pick(list)]);
  }
  return build({}, chosen, context);
}

/** Inputs Strapi answers with a 500 (a null blocks node): asserted apart, never in the random pool. */
export const KNOWN_500: { label: string; data: Record<string, unknown> }[] = [
  { label: 'content=[null]', data: { content: [null] } },
  { label: 'content=null text child', data: { content: [paragraph(null)] } },
  { label: 'story=null list item', data: { story: [{ type: 'list', format: 'ordered', children: [null] }] } },
];
