/**
 * The validators benchmark's inputs: published creates of the kitchen-sink payload's `articles`,
 * drawn from a seeded generator so every run validates the same values. Half are valid writes
 * that use the rules' every way in (numbers and booleans as strings, blocks as a JSON string,
 * relations and media in each shape Strapi takes, components with `id`, every zone component);
 * the other half are the same writes with one thing wrong, each input naming what (`rule`), the
 * rules taken in turn so each is in the set about as often.
 */
import { seeded } from '../../src/runtime/mock/random.ts';

/** One input and whether Strapi takes it. */
export interface CorpusInput {
  value: Record<string, unknown>;
  valid: boolean;
  /** `valid`, or the rule the input breaks. */
  rule: string;
}

type Random = () => number;
type Data = Record<string, unknown>;

const WORDS = [
  'strapi',
  'headless',
  'content',
  'typed',
  'client',
  'schema',
  'draft',
  'publish',
  'review',
  'café',
  'naïve',
  'zone',
  'block',
  'media',
  'relation',
  'component',
];

const int = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number) => random() < p;

function words(random: Random, length: number): string {
  let text = '';
  while (text.length < length) text += `${text === '' ? '' : ' '}${pick(random, WORDS)}`;
  return text.slice(0, length);
}

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
/** A documentId as Strapi makes them (cuid2: a letter, then 23 letters and digits). */
const documentId = (random: Random) =>
  `d${Array.from({ length: 23 }, () => pick(random, ALPHABET)).join('')}`;

function textNode(random: Random): Data {
  const node: Data = { type: 'text', text: words(random, int(random, 0, 40)) };
  if (chance(random, 0.3)) node.bold = pick(random, [true, false, 'true', 1]);
  if (chance(random, 0.2)) node.italic = true;
  return node;
}

function inline(random: Random): Data {
  return chance(random, 0.2)
    ? {
        type: 'link',
        url: pick(random, ['https://strapi.io/blog', '/docs/intro', 'mailto:team@example.com']),
        children: [textNode(random)],
      }
    : textNode(random);
}

function listNode(random: Random, depth: number): Data {
  return {
    type: 'list',
    format: pick(random, ['ordered', 'unordered']),
    children: Array.from({ length: int(random, 1, 3) }, () =>
      depth < 1 && chance(random, 0.2)
        ? listNode(random, depth + 1)
        : { type: 'list-item', children: [inline(random)] },
    ),
  };
}

function blockNode(random: Random): Data {
  const children = () => Array.from({ length: int(random, 1, 3) }, () => inline(random));
  switch (int(random, 0, 5)) {
    case 0:
    case 1:
      return { type: 'paragraph', children: children() };
    case 2:
      return { type: 'heading', level: pick(random, [1, 2, 3, '4', 6]), children: children() };
    case 3:
      return listNode(random, 0);
    case 4:
      return { type: 'quote', children: children() };
    default:
      return { type: 'code', language: pick(random, ['ts', null, 'bash']), children: [textNode(random)] };
  }
}

function blocks(random: Random): unknown {
  const nodes = Array.from({ length: int(random, 1, 5) }, () => blockNode(random));
  return chance(random, 0.15) ? JSON.stringify(nodes) : nodes;
}

function link(random: Random): Data {
  const value: Data = { url: `https://example.com/${words(random, 8).replace(/\W/g, '-')}` };
  if (chance(random, 0.6)) value.label = words(random, int(random, 1, 30));
  if (chance(random, 0.4)) value.newTab = pick(random, [true, false, 'false', 0]);
  if (chance(random, 0.2)) value.id = int(random, 1, 500);
  return value;
}

function seo(random: Random): Data {
  const value: Data = { metaTitle: words(random, int(random, 1, 60)) };
  if (chance(random, 0.6)) value.metaDescription = words(random, int(random, 20, 160));
  if (chance(random, 0.4)) value.metaImage = pick(random, [int(random, 1, 99), { id: int(random, 1, 99) }]);
  if (chance(random, 0.3)) value.canonical = link(random);
  return value;
}

function zoneItem(random: Random): Data {
  switch (int(random, 0, 5)) {
    case 0:
    case 1: {
      const value: Data = { __component: 'sections.hero', heading: words(random, int(random, 3, 80)) };
      if (chance(random, 0.5)) value.cta = link(random);
      if (chance(random, 0.3)) value.image = documentId(random);
      return value;
    }
    case 2:
    case 3:
      return {
        __component: 'sections.text-block',
        body: words(random, int(random, 10, 400)),
        align: pick(random, ['left', 'center', 'right', null]),
      };
    case 4:
      return { __component: 'shared.link', ...link(random) };
    default:
      return pick(random, [
        { __component: 'shared.smart-link', type: 'internal', label: 'Docs' },
        { __component: 'shared.smart-link', type: 'external', label: 'Site', href: 'https://strapi.io' },
        { __component: 'shared.smart-link', label: 'Home' },
      ]);
  }
}

/** A relation value in one of the shapes Strapi takes (`target` keys for the long form). */
function relation(random: Random, many: boolean): unknown {
  const one = () => (chance(random, 0.7) ? documentId(random) : int(random, 1, 999));
  const list = () => Array.from({ length: int(random, 1, 4) }, one);
  switch (int(random, 0, 4)) {
    case 0:
      return many ? list() : one();
    case 1:
      return many ? list().map((id) => ({ documentId: String(id) })) : { documentId: documentId(random) };
    case 2:
      return { connect: list().map((id) => ({ documentId: String(id), position: { end: true } })) };
    case 3:
      return { set: list(), disconnect: [documentId(random)] };
    default:
      return null;
  }
}

function media(random: Random, many: boolean): unknown {
  const one = () => pick(random, [int(random, 1, 999), documentId(random), { id: int(random, 1, 999) }]);
  if (chance(random, 0.1)) return null;
  return many ? Array.from({ length: int(random, 1, 4) }, one) : one();
}

/** A valid published create of `articles`. */
export function validArticle(random: Random): Data {
  const value: Data = { title: words(random, int(random, 2, 120)) };
  const maybe = (p: number, key: string, make: () => unknown) => {
    if (chance(random, p)) value[key] = make();
  };
  maybe(0.6, 'slug', () => `${words(random, int(random, 3, 40)).replace(/[^A-Za-z0-9]+/g, '-')}`);
  maybe(0.5, 'summary', () => words(random, int(random, 10, 300)));
  maybe(0.3, 'body', () => `## ${words(random, 20)}\n\n${words(random, int(random, 50, 600))}`);
  maybe(0.5, 'content', () => blocks(random));
  maybe(0.4, 'contactEmail', () =>
    pick(random, ['team@example.com', 'first.last+news@mail.example.org', 'a1@b2.io', null]),
  );
  maybe(0.1, 'accessCode', () => words(random, 12));
  maybe(0.7, 'category', () => pick(random, ['news', 'opinion', 'review', 'how-to']));
  maybe(0.6, 'views', () => pick(random, [int(random, 0, 99999), String(int(random, 0, 500)), ' 42 ', null]));
  maybe(0.3, 'bigViews', () => pick(random, ['9007199254740993', int(random, 0, 1e6), '-12', null]));
  maybe(0.5, 'rating', () => pick(random, [Math.round(random() * 50) / 10, '4.5', 0, 5]));
  maybe(0.4, 'price', () => pick(random, [19.99, '1e3', int(random, 0, 1000), '0.5', null]));
  maybe(0.5, 'featured', () => pick(random, [true, false, 'true', 'FALSE', 1, 0, null]));
  maybe(0.4, 'publishDate', () =>
    pick(random, [
      '2024-05-01',
      '2024-02-29',
      `20${int(random, 10, 30)}-1${int(random, 0, 2)}-2${int(random, 0, 8)}`,
    ]),
  );
  maybe(0.3, 'publishTime', () => pick(random, ['10:30:00', '23:59:59.999', '00:00:00.1']));
  maybe(0.3, 'scheduledAt', () =>
    pick(random, ['2024-05-01T10:00:00.000Z', '2024-05-01T10:00:00+02:00', '2025-12-31', 1714557600000]),
  );
  maybe(0.2, 'stamp', () => pick(random, ['2024-05-01T10:00:00Z', 1714557600000]));
  maybe(0.3, 'metadata', () => pick(random, [{ tags: ['a', 'b'], score: 3 }, [1, 2, 3], 'plain', null]));
  maybe(0.4, 'code', () => pick(random, ['ABC-123', 'XYZ-999', '', null]));
  maybe(0.3, 'color', () => pick(random, ['#ff0000', '#00ff00', null]));
  maybe(0.1, 'internalNote', () => words(random, int(random, 10, 100)));
  maybe(0.5, 'cover', () => media(random, false));
  maybe(0.4, 'gallery', () => media(random, true));
  maybe(0.2, 'attachment', () => media(random, false));
  maybe(0.6, 'author', () => relation(random, false));
  maybe(0.5, 'tags', () => relation(random, true));
  maybe(0.2, 'related', () => relation(random, true));
  maybe(0.2, 'parent', () => relation(random, false));
  maybe(0.2, 'featuredTag', () => relation(random, false));
  maybe(0.6, 'seo', () => (chance(random, 0.1) ? null : seo(random)));
  maybe(0.5, 'links', () => Array.from({ length: int(random, 0, 4) }, () => link(random)));
  maybe(0.5, 'sections', () => Array.from({ length: int(random, 0, 5) }, () => zoneItem(random)));
  maybe(0.1, 'locale', () => 'en');
  return value;
}

/** One thing wrong: the rule's name and what it does to a valid write. */
type Mutation = [rule: string, mutate: (value: Data, random: Random) => void];

const nonEmpty = (value: Data, key: string, make: () => Data[]) => {
  const list = Array.isArray(value[key]) && (value[key] as Data[]).length > 0 ? value[key] : make();
  value[key] = list;
  return list as Data[];
};

/** Strapi refuses each of these. */
export const MUTATIONS: readonly Mutation[] = [
  ['title required', (v) => delete v.title],
  ['title not null', (v) => (v.title = null)],
  ['title minLength', (v) => (v.title = 'A')],
  ['title maxLength', (v, r) => (v.title = words(r, int(r, 121, 200)))],
  ['title is text (a number is not cast)', (v) => (v.title = 12345)],
  ['unknown key at the root', (v) => (v.subtitle = 'x')],
  ['id at the root', (v) => (v.id = 4)],
  ['createdAt at the root', (v) => (v.createdAt = '2024-01-01')],
  ['uid pattern', (v, r) => (v.slug = pick(r, ['hello world', 'ça-va', 'a/b']))],
  ['email format', (v, r) => (v.contactEmail = pick(r, ['not-an-email', 'a@b', 'x@@example.com']))],
  ['email not empty', (v) => (v.contactEmail = '')],
  ['enumeration value', (v, r) => (v.category = pick(r, ['sports', 'News', 3]))],
  ['enumeration required (null)', (v) => (v.category = null)],
  ['integer min', (v, r) => (v.views = pick(r, [-1, '-5']))],
  ['integer', (v, r) => (v.views = pick(r, [1.5, '2.25']))],
  ['number cast', (v, r) => (v.views = pick(r, ['abc', '', true]))],
  ['float max', (v, r) => (v.rating = pick(r, [7, '5.01']))],
  ['float min', (v) => (v.rating = -0.5)],
  ['finite number', (v) => (v.price = 'Infinity')],
  ['boolean cast', (v, r) => (v.featured = pick(r, ['yes', 2, ' true']))],
  ['biginteger', (v, r) => (v.bigViews = pick(r, ['12.5', 'abc', 1.5]))],
  ['date format', (v, r) => (v.publishDate = pick(r, ['05/01/2024', '2024-13-01', 20240501]))],
  ['real date', (v) => (v.publishDate = '2023-02-29')],
  ['time format', (v, r) => (v.publishTime = pick(r, ['10:30', '25:00:00', '10:30:00.1234']))],
  ['datetime format', (v, r) => (v.scheduledAt = pick(r, ['yesterday', '2024-13-01T00:00:00Z', 'T10:00']))],
  ['string regex', (v, r) => (v.code = pick(r, ['abc-123', 'ABCD-12']))],
  ['string default maxLength 255', (v, r) => (v.color = words(r, 256))],
  ['text is text', (v) => (v.summary = { text: 'x' })],
  ['component: required field', (v, r) => (v.seo = { metaDescription: words(r, 30) })],
  ['component: maxLength', (v, r) => (v.seo = { metaTitle: words(r, 61) })],
  ['component: unknown key', (v, r) => (v.seo = { ...seo(r), keywords: 'a,b' })],
  ['component: not an object', (v) => (v.seo = 'seo')],
  [
    'nested component: required field',
    (v, r) => (v.seo = { metaTitle: 'T', canonical: { label: words(r, 5) } }),
  ],
  ['repeatable: not null', (v) => (v.links = null)],
  ['repeatable: an array', (v, r) => (v.links = link(r))],
  [
    'repeatable: item required field',
    (v, r) => {
      const list = nonEmpty(v, 'links', () => [link(r)]);
      delete list[int(r, 0, list.length - 1)]!.url;
    },
  ],
  ['repeatable: item an object', (v) => (v.links = ['https://example.com'])],
  [
    'repeatable: boolean cast in an item',
    (v, r) => {
      const list = nonEmpty(v, 'links', () => [link(r)]);
      list[int(r, 0, list.length - 1)]!.newTab = 'maybe';
    },
  ],
  ['zone: __component required', (v, r) => (v.sections = [zoneItem(r), { heading: 'Hi' }])],
  ['zone: unknown component', (v) => (v.sections = [{ __component: 'sections.gallery', heading: 'Hi' }])],
  ['zone: item required field', (v, r) => (v.sections = [zoneItem(r), { __component: 'sections.hero' }])],
  ['zone: enumeration', (v) => (v.sections = [{ __component: 'sections.text-block', align: 'justify' }])],
  [
    'zone: unknown key in an item',
    (v) => (v.sections = [{ __component: 'shared.link', url: '/a', rel: 'x' }]),
  ],
  // No conditional field in a zone: the articles zone lists no component that has one, and Strapi's
  // published pass drops a zone item of a component the zone does not list (seen live), so a
  // smart-link there is never checked on publish.
  ['zone: not null', (v) => (v.sections = null)],
  ['blocks: paragraph without children', (v) => (v.content = [{ type: 'paragraph', children: [] }])],
  [
    'blocks: heading level',
    (v) => (v.content = [{ type: 'heading', level: 7, children: [{ type: 'text', text: 'H' }] }]),
  ],
  [
    'blocks: link protocol',
    (v) =>
      (v.content = [
        {
          type: 'paragraph',
          children: [{ type: 'link', url: 'javascript:alert(1)', children: [{ type: 'text', text: 'x' }] }],
        },
      ]),
  ],
  ['blocks: node type', (v) => (v.content = [{ type: 'video', children: [] }])],
  ['blocks: text required', (v) => (v.content = [{ type: 'paragraph', children: [{ type: 'text' }] }])],
  [
    'blocks: list format',
    (v) =>
      (v.content = [
        {
          type: 'list',
          format: 'bulleted',
          children: [{ type: 'list-item', children: [{ type: 'text', text: 'a' }] }],
        },
      ]),
  ],
  [
    'relation: key the target lacks',
    (v, r) => (v.author = { documentId: documentId(r), status: 'published' }),
  ],
  [
    'relation: key in a list item',
    (v, r) => (v.tags = [{ documentId: documentId(r), position: { end: true } }]),
  ],
  ['media: key a file lacks', (v, r) => (v.cover = { id: int(r, 1, 9), title: 'x' })],
  ['media: key in a list item', (v, r) => (v.gallery = [int(r, 1, 9), { id: 3, colour: 'red' }])],
];

/**
 * `size` inputs (half valid, half with one thing wrong, alternating), the same for the same
 * `seed`. The invalid ones take the rules of MUTATIONS in turn.
 */
export function articleCorpus(size = 1000, seed = 44): CorpusInput[] {
  const random = seeded(seed);
  const inputs: CorpusInput[] = [];
  for (let index = 0; index < size; index++) {
    const value = validArticle(random);
    if (index % 2 === 0) {
      inputs.push({ value, valid: true, rule: 'valid' });
      continue;
    }
    const [rule, mutate] = MUTATIONS[((index - 1) / 2) % MUTATIONS.length]!;
    mutate(value, random);
    inputs.push({ value, valid: false, rule });
  }
  return inputs;
}
