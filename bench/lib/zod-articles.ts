/**
 * The validators benchmark's peer: zod 4 schemas written by hand for a published create of the
 * kitchen-sink payload's `articles` (test/fixtures/payloads/kitchen.json), with the rules Strapi
 * 5 applies to that write (the entity validator, the key check before it and the date parsing
 * after it; /work/notes/validator-facts.md sections 2 and 3), as a zod user would write them:
 * - text not coerced; `string` at most 255 characters unless `maxLength` says otherwise; the
 *   published rules (required, minLength, regex, email, the uid pattern) on top;
 * - numbers from numeric strings (yup's cast: blanks removed, `''` refused), booleans from
 *   `true`/`false`/`1`/`0`, enumerations from numbers and booleans (their string);
 * - every object strict (Strapi refuses unknown keys at any depth): the root takes `locale`,
 *   `publishedAt` and `data` besides its attributes, a component item `id` and `documentId`, a
 *   relation's or a media value's objects the target's keys (and `connect`, `disconnect`,
 *   `set`, `options` when the object is the value itself);
 * - a repeatable component and a dynamic zone always a list (`[]` when left out), a zone item
 *   any registered component named by `__component`; blocks as Strapi's blocks validator checks
 *   them (a JSON string parsed first, any other non-list stored as null);
 * - `date`, `time`, `datetime` and `timestamp` as the database layer parses them.
 * It imports only zod, so the benchmark can bundle it alone for its size.
 */
import * as z from 'zod';

// ---------------------------------------------------------------------------------------------
// Casts Strapi (yup 0.32) applies before its checks

/** yup's number cast: blanks removed from strings, `''` is NaN, other values through parseFloat. */
function toNumber(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'number') return value;
  if (typeof value === 'string') {
    const text = value.replace(/\s/g, '');
    return text === '' ? Number.NaN : +text;
  }
  return Number.parseFloat(value as string);
}

/** yup's boolean cast: `true`/`1` and `false`/`0` in any case, as strings or numbers. */
function toBoolean(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  const text = String(value);
  if (/^(true|1)$/i.test(text)) return true;
  if (/^(false|0)$/i.test(text)) return false;
  return value;
}

/** An enumeration's cast: numbers and booleans become their string. */
const toEnumeration = (value: unknown): unknown =>
  typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;

/** A blocks value: a JSON string of a list parsed; any other value that is not a list is null. */
function toBlocks(value: unknown): unknown {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return value === undefined || Array.isArray(value) ? value : null;
}

/** A link Strapi's blocks take: a URL (or a path from `/`) with an allowed protocol. */
function isLink(value: unknown): boolean {
  const link = value === null || value === undefined ? '' : String(value);
  try {
    const { protocol } = new URL(link.startsWith('/') ? `https://localhost${link}` : link);
    return (
      protocol === 'http:' ||
      protocol === 'https:' ||
      protocol === 'ftp:' ||
      protocol === 'mailto:' ||
      protocol === 'tel:'
    );
  } catch {
    return false;
  }
}

const number = <T extends z.ZodNumber>(schema: T) => z.preprocess(toNumber, schema.nullish());
const boolean = z.preprocess(toBoolean, z.boolean().nullish());
const enumeration = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(toEnumeration, z.enum(values).nullish());
/** A `datetime` or `timestamp`: an ISO date (and time), or milliseconds since 1970. */
const datetime = z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.int()]).nullish();
const time = z
  .string()
  .regex(/^(2[0-3]|[01]\d):[0-5]\d:[0-5]\d(\.\d{1,3})?$/)
  .nullish();
/** A `biginteger`: an integer, or a string of digits. */
const bigInteger = z.union([z.bigint(), z.int(), z.string().regex(/^\s*[+-]?\d+\s*$/)]).nullish();

// ---------------------------------------------------------------------------------------------
// Relations and media: any value; the keys of their objects checked

/** Keys every relation target has. */
const SYSTEM_KEYS = [
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
] as const;
const OPERATIONS = ['connect', 'disconnect', 'set', 'options'] as const;
const FILE_KEYS = [
  'name',
  'alternativeText',
  'caption',
  'width',
  'height',
  'formats',
  'hash',
  'ext',
  'mime',
  'size',
  'url',
  'previewUrl',
  'provider',
  'provider_metadata',
  'related',
  'folder',
  'folderPath',
  'focalPoint',
] as const;
const AUTHOR_KEYS = ['name', 'email', 'bio', 'avatar', 'articles', 'profile'] as const;
const TAG_KEYS = ['name', 'articles'] as const;
const ARTICLE_KEYS = [
  'title',
  'slug',
  'summary',
  'body',
  'content',
  'contactEmail',
  'accessCode',
  'category',
  'views',
  'bigViews',
  'rating',
  'price',
  'featured',
  'publishDate',
  'publishTime',
  'scheduledAt',
  'stamp',
  'metadata',
  'code',
  'color',
  'internalNote',
  'cover',
  'gallery',
  'attachment',
  'author',
  'tags',
  'related',
  'parent',
  'featuredTag',
  'seo',
  'links',
  'sections',
] as const;

/** A strict object that takes each of `keys`, any value. */
const keys = (...lists: (readonly string[])[]) =>
  z.strictObject(Object.fromEntries(lists.flat().map((key) => [key, z.unknown().optional()])));

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A relation or media value: ids, documentIds, objects with the target's keys, or a connect/set object. */
const reference = (target: readonly string[]) =>
  z
    .union([
      scalar,
      z.array(z.union([scalar, keys(SYSTEM_KEYS, target)])),
      keys(SYSTEM_KEYS, target, OPERATIONS),
    ])
    .optional();

const media = reference(FILE_KEYS);

// ---------------------------------------------------------------------------------------------
// Blocks

const text = z.union([z.string(), z.number(), z.boolean()]);
const mark = z.preprocess(toBoolean, z.boolean().optional());
const textNode = z.object({
  type: z.literal('text'),
  text,
  bold: mark,
  italic: mark,
  underline: mark,
  strikethrough: mark,
  code: mark,
});
const linkNode = z.object({
  type: z.literal('link'),
  url: text.nullish().refine(isLink, 'Please specify a valid link.'),
  children: z.array(textNode),
});
const inline = z.discriminatedUnion('type', [textNode, linkNode]);
const listItem = z.object({ type: z.literal('list-item'), children: z.array(inline) });
const list = z.object({
  type: z.literal('list'),
  format: z.enum(['ordered', 'unordered']),
  get children() {
    return z.array(z.union([listItem, list])).min(1);
  },
});
const image = z.object({
  name: text,
  url: text,
  hash: text,
  ext: text,
  mime: text,
  provider: text,
  createdAt: text,
  updatedAt: text,
  width: z.preprocess(toNumber, z.number()),
  height: z.preprocess(toNumber, z.number()),
  size: z.preprocess(toNumber, z.number()),
  alternativeText: text.nullish(),
  caption: text.nullish(),
  previewUrl: text.nullish(),
  formats: z.record(z.string(), z.unknown()).nullish(),
});
const block = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), children: z.array(inline).min(1) }),
  z.object({ type: z.literal('quote'), children: z.array(inline).min(1) }),
  z.object({
    type: z.literal('heading'),
    level: z.preprocess(toNumber, z.literal([1, 2, 3, 4, 5, 6])),
    children: z.array(inline).min(1),
  }),
  list,
  z.object({ type: z.literal('code'), language: text.nullish(), children: z.array(textNode).min(1) }),
  z.object({ type: z.literal('image'), image: image.optional(), children: z.array(inline) }),
]);
const blocks = z.preprocess(toBlocks, z.array(block).nullish());

// ---------------------------------------------------------------------------------------------
// Components

/** What a component item takes besides its attributes. */
const item = { id: z.unknown().optional(), documentId: z.unknown().optional() };

const linkShape = {
  ...item,
  label: z.string().max(255).nullish(),
  url: z.string().max(255),
  newTab: boolean.default(false),
};
const seoShape = {
  ...item,
  metaTitle: z.string().max(60),
  metaDescription: z.string().nullish(),
  metaImage: media,
  canonical: z.strictObject(linkShape).nullish(),
};
const heroShape = {
  ...item,
  heading: z.string().max(255),
  image: media,
  cta: z.strictObject(linkShape).nullish(),
};
const textBlockShape = {
  ...item,
  body: z.string().nullish(),
  align: enumeration(['left', 'center', 'right']),
};
const smartLinkShape = {
  ...item,
  type: z.preprocess(toEnumeration, z.enum(['internal', 'external'])).default('internal'),
  label: z.string().max(255),
  href: z.unknown().optional(),
};

/** `href` is checked only while `type` is `external` (its `conditions.visible`). */
function smartLinkHref(value: { type: string; href?: unknown }, context: z.RefinementCtx) {
  if (value.type !== 'external') return;
  if (typeof value.href !== 'string' || value.href.length > 255)
    context.addIssue({
      code: 'custom',
      message: 'href must be a string of at most 255 characters',
      path: ['href'],
    });
}

/** A dynamic zone's item: any registered component, named by `__component`. */
const zoneItem = z.discriminatedUnion('__component', [
  z.strictObject({ __component: z.literal('sections.hero'), ...heroShape }),
  z.strictObject({ __component: z.literal('sections.text-block'), ...textBlockShape }),
  z.strictObject({ __component: z.literal('shared.link'), ...linkShape }),
  z.strictObject({ __component: z.literal('shared.seo'), ...seoShape }),
  z
    .strictObject({ __component: z.literal('shared.smart-link'), ...smartLinkShape })
    .superRefine(smartLinkHref),
]);

// ---------------------------------------------------------------------------------------------
// The write

/** A published create of `articles`: what `cmsValidators.articles.create` checks. */
export const articleCreate = z.strictObject({
  title: z.string().min(2).max(120),
  slug: z
    .string()
    .regex(/^[A-Za-z0-9-_.~]*$/)
    .nullish(),
  summary: z.string().nullish(),
  body: z.string().nullish(),
  content: blocks,
  contactEmail: z.email().nullish(),
  accessCode: z.string().nullish(),
  category: z.preprocess(toEnumeration, z.enum(['news', 'opinion', 'review', 'how-to'])).default('news'),
  views: number(z.number().int().min(0)).default(0),
  bigViews: bigInteger,
  rating: number(z.number().min(0).max(5)),
  price: number(z.number()),
  featured: boolean.default(false),
  publishDate: z.iso.date().nullish(),
  publishTime: time,
  scheduledAt: datetime,
  stamp: datetime,
  metadata: z.unknown().optional(),
  code: z
    .string()
    .max(255)
    .regex(/^(?:[A-Z]{3}-[0-9]{3})?$/)
    .nullish(),
  color: z.string().max(255).nullish(),
  internalNote: z.string().nullish(),
  cover: media,
  gallery: media,
  attachment: media,
  author: reference(AUTHOR_KEYS),
  tags: reference(TAG_KEYS),
  related: reference(ARTICLE_KEYS),
  parent: reference(ARTICLE_KEYS),
  featuredTag: reference(TAG_KEYS),
  seo: z.strictObject(seoShape).nullish(),
  links: z.array(z.strictObject(linkShape)).default([]),
  sections: z.array(zoneItem).default([]),
  locale: z.unknown().optional(),
  publishedAt: z.unknown().optional(),
  data: z.unknown().optional(),
});
