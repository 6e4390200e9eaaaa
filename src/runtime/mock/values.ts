/**
 * The values of a mock entry, as Strapi 5's REST API returns them: one scalar field's value from
 * its kind and rules (every one passes Strapi's published rules, unique where the field is), an
 * uploaded file as a populated media field holds it, a document id, and the timestamps. All drawn
 * from the caller's seeded generator and counters: the same calls give the same values.
 */
import type { CmsField, CmsTextField } from '../validate/fields.ts';
import { chance, int, pick } from './random.ts';
import { regexSample } from './regex-sample.ts';

/** What the values are drawn from; the caller owns both, one per mock store. */
export interface ValueContext {
  /** The seeded generator: floats in [0, 1). */
  random: () => number;
  /** A counter per `key`, 1 on its first call: for unique values and ids. */
  serial(key: string): number;
}

const WORDS = [
  'amber',
  'anchor',
  'atlas',
  'beacon',
  'birch',
  'canyon',
  'cedar',
  'comet',
  'coral',
  'delta',
  'ember',
  'fable',
  'fern',
  'garnet',
  'harbor',
  'horizon',
  'island',
  'juniper',
  'lantern',
  'maple',
  'meadow',
  'nebula',
  'orbit',
  'pebble',
  'prairie',
  'quartz',
  'river',
  'saffron',
  'summit',
  'thistle',
  'tundra',
  'valley',
  'willow',
  'zephyr',
];

/** A document's first and later draws start here: 2026-01-01T00:00:00.000Z. */
const EPOCH = 1767225600000;
const DAY = 86400000;

const word = (ctx: ValueContext) => pick(ctx.random, WORDS);
const words = (ctx: ValueContext, min: number, max: number) =>
  Array.from({ length: int(ctx.random, min, max) }, () => word(ctx));
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (ctx: ValueContext) => `${capital(words(ctx, 4, 9).join(' '))}.`;
const pad2 = (value: number) => String(value).padStart(2, '0');

/** The serial of a unique field's next value (its own counter per table and field). */
const uniqueSerial = (ctx: ValueContext, table: string, name: string) =>
  ctx.serial(`mock:unique:${table}.${name}`);

/** The values drawn for a pattern, per context and field: a unique one is not drawn twice. */
let drawn: WeakMap<ValueContext, Map<string, Set<string>>> | undefined;

function drawnFor(ctx: ValueContext, key: string): Set<string> {
  drawn ??= new WeakMap();
  let byKey = drawn.get(ctx);
  if (!byKey) {
    byKey = new Map();
    drawn.set(ctx, byKey);
  }
  let set = byKey.get(key);
  if (!set) {
    set = new Set();
    byKey.set(key, set);
  }
  return set;
}

/** A text field's length limits as Strapi applies them (a `string` at most 255 characters by default). */
function lengths(field: CmsTextField): { min: number; max: number } {
  const min = Number.isInteger(field.minLength) && field.minLength ? field.minLength : 0;
  const declared = Number.isInteger(field.maxLength) && field.maxLength ? field.maxLength : undefined;
  const max = declared ?? (field.kind === 'string' ? 255 : Number.POSITIVE_INFINITY);
  return { min, max: Math.max(min, max) };
}

/** `text` cut to `max` characters, or lengthened with `filler` to `min`. */
function fit(text: string, min: number, max: number, filler: () => string): string {
  let out = text;
  while (out.length < min) out += filler();
  if (out.length > max) {
    out = out.slice(0, max);
    // A value cut at a space would end in one: a letter instead keeps its length.
    if (out.endsWith(' ') || out.endsWith('-')) out = `${out.slice(0, -1)}x`;
  }
  return out;
}

/** A text value that fits `field`'s lengths, with `suffix` (a unique value's serial) kept whole. */
function fitted(
  ctx: ValueContext,
  field: CmsTextField,
  base: string,
  suffix: string,
  separator: string,
): string {
  const { min, max } = lengths(field);
  const filler = () => `${separator}${word(ctx)}`;
  if (suffix === '') return fit(base, min, max, filler);
  const room = max - suffix.length;
  if (room < 0) return suffix.slice(-max);
  return `${fit(base, Math.max(0, min - suffix.length), room, filler)}${suffix}`;
}

/** The natural value of a text field, before its pattern: by kind and a few name hints. */
function naturalText(field: CmsTextField, name: string, table: string, ctx: ValueContext): string {
  switch (field.kind) {
    case 'email': {
      const local = `user${uniqueSerial(ctx, table, name)}`;
      const { min, max } = lengths(field);
      const domain = '@example.test';
      const padded = local.length + domain.length < min ? local.padEnd(min - domain.length, 'x') : local;
      const email = `${padded}${domain}`;
      return email.length <= max ? email : `${padded}@a.io`.slice(-max);
    }
    case 'uid':
      return fitted(ctx, field, words(ctx, 1, 3).join('-'), `-${uniqueSerial(ctx, table, name)}`, '-');
    default:
      break;
  }
  const suffix = field.unique === true ? ` ${uniqueSerial(ctx, table, name)}` : '';
  let base: string;
  if (field.customField !== undefined && /colou?r/i.test(field.customField))
    base = `#${int(ctx.random, 0, 0xffffff).toString(16).padStart(6, '0')}`;
  else if (/(url|href|link)$/i.test(name)) base = `https://example.test/${words(ctx, 1, 2).join('-')}`;
  else if (field.kind === 'string') base = capital(words(ctx, 2, 5).join(' '));
  else if (field.kind === 'richtext')
    base = `## ${capital(words(ctx, 2, 4).join(' '))}\n\n${sentence(ctx)} **${word(ctx)}** ${sentence(ctx)}`;
  else base = Array.from({ length: int(ctx.random, 1, 3) }, () => sentence(ctx)).join(' ');
  return fitted(ctx, field, base, suffix, ' ');
}

/** Strings worth trying when a pattern is beyond `regexSample`. */
const CANDIDATES = [
  'a',
  'abc',
  'A',
  'ABC',
  '0',
  '123',
  'a1',
  'abc-123',
  'abc_123',
  'example',
  'Example',
  'example.test',
  'https://example.test',
  'https://example.test/a',
  'user@example.test',
  '#ff8800',
  '2026-01-01',
  '+1 555 0100',
];

/**
 * A text field's value: natural text when it fits the field's pattern, else one drawn from the
 * pattern, else a fixed candidate that matches; undefined when nothing does.
 */
function textValue(field: CmsTextField, name: string, table: string, ctx: ValueContext): string | undefined {
  const natural = naturalText(field, name, table, ctx);
  if (field.regex === undefined) return natural;
  const pattern = new RegExp(field.regex);
  if (pattern.test(natural)) return natural;
  const { min, max } = lengths(field);
  const unique = field.unique === true || field.kind === 'uid';
  const used = unique ? drawnFor(ctx, `${table}.${name}`) : undefined;
  const fits = (value: string | undefined): value is string =>
    value !== undefined &&
    value !== '' &&
    value.length >= min &&
    value.length <= max &&
    !used?.has(value) &&
    pattern.test(value);
  const take = (value: string) => {
    used?.add(value);
    return value;
  };
  for (const spread of [4, 4, 4, 8, 8, 16, 16, 32, 64, 128, 256, 512]) {
    const value = regexSample(field.regex, ctx.random, spread);
    if (value === undefined) break;
    if (fits(value)) return take(value);
  }
  const lower = natural.toLowerCase();
  for (const candidate of [natural, lower, lower.replace(/[^a-z0-9]+/g, '-'), ...CANDIDATES])
    if (fits(candidate)) return take(candidate);
  return undefined;
}

/**
 * A number within `min` and `max` (0 to 1000 for an integer, 0 to 100 otherwise, where the field
 * sets none): an integer, else a number with 2 decimals; a unique field's n-th value counts up from
 * the lowest. Where no value of that precision lies within, an integer is its truncated minimum
 * (Strapi truncates an integer's limits), a float the midpoint.
 */
function numberValue(
  min: number | undefined,
  max: number | undefined,
  integer: boolean,
  ctx: ValueContext,
  unique: number | undefined,
): number {
  const span = integer ? 1000 : 100;
  const lowest = min ?? (max === undefined || max > 0 ? 0 : max - span);
  const highest = max ?? lowest + span;
  const unit = integer ? 1 : 100;
  const low = Math.ceil(lowest * unit);
  const high = Math.floor(highest * unit);
  if (high < low) return integer ? Math.trunc(lowest) : Number(((lowest + highest) / 2).toPrecision(12));
  const value = unique === undefined ? int(ctx.random, low, high) : low + ((unique - 1) % (high - low + 1));
  return value / unit;
}

/** A biginteger's value: a string of digits (how Strapi returns one), under 2^53 (SQLite reads it as a double). */
function bigIntegerValue(field: CmsField & { kind: 'biginteger' }, ctx: ValueContext, unique?: number) {
  const min = Number(field.min);
  const max = Number(field.max);
  const safe = (value: number) => Number.isSafeInteger(value);
  if (field.min !== undefined && field.max !== undefined && safe(min) && safe(max) && max >= min)
    return String(numberValue(min, max, true, ctx, unique));
  const low = field.min !== undefined && safe(min) ? min : 100000000000;
  // Each unique value gets a block of its own, drawn within.
  if (unique !== undefined) return String(low + (unique - 1) * 1000 + int(ctx.random, 0, 999));
  return String(low + int(ctx.random, 0, 899999999) * 1000 + int(ctx.random, 0, 999));
}

/** A `blocks` value: one to three paragraphs of text, some words bold. */
function blocksValue(ctx: ValueContext, unique?: number) {
  const paragraphs = Array.from({ length: int(ctx.random, 1, 3) }, () => {
    const children: Record<string, unknown>[] = [{ type: 'text', text: `${sentence(ctx)} ` }];
    if (chance(ctx.random, 0.5)) children.push({ type: 'text', text: word(ctx), bold: true });
    children.push({ type: 'text', text: ` ${sentence(ctx)}` });
    return { type: 'paragraph', children };
  });
  if (unique !== undefined) paragraphs[0]?.children.push({ type: 'text', text: ` #${unique}` });
  return paragraphs;
}

/**
 * The value of the scalar field `name` of `table` in a mock entry, as Strapi's REST response
 * carries it: text within its lengths and pattern (a `string` at most 255 characters), an email
 * `user<n>@example.test`, a uid slug unique within the run, an enumeration's value, numbers within
 * their limits (floats and decimals with 2 decimals), a biginteger as a string of digits, dates as
 * `yyyy-MM-dd`, times as `HH:mm:ss.SSS` (SQLite's form), datetimes as ISO strings, timestamps as
 * epoch milliseconds in a string (as Strapi reads them back), JSON as a small object, blocks as
 * paragraphs. A `unique` field's values differ within the run. A published entry fills every
 * field; a `draft` leaves about a third of the optional ones `null`. undefined for a password
 * (never in a response), for a field that is not a scalar (relation, media, component, zone),
 * and for a pattern no drawn value matched (the caller leaves the field out).
 */
export function scalarValue(
  field: CmsField,
  name: string,
  table: string,
  ctx: ValueContext,
  draft: boolean,
): unknown {
  switch (field.kind) {
    case 'password':
    case 'relation':
    case 'media':
    case 'component':
    case 'dynamiczone':
      return undefined;
    default:
      break;
  }
  if (draft && field.required !== true && chance(ctx.random, 1 / 3)) return null;
  // A unique field's n-th value: drawn from n, so no two are the same.
  const serial = () => (field.unique === true ? uniqueSerial(ctx, table, name) : undefined);
  switch (field.kind) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'uid':
      return textValue(field, name, table, ctx);
    case 'enumeration': {
      if (field.values.length === 0) return undefined;
      const n = serial();
      return n === undefined ? pick(ctx.random, field.values) : field.values[(n - 1) % field.values.length];
    }
    case 'integer':
    case 'float':
    case 'decimal':
      return numberValue(field.min, field.max, field.kind === 'integer', ctx, serial());
    case 'biginteger':
      return bigIntegerValue(field, ctx, serial());
    case 'boolean':
      return chance(ctx.random, 0.5);
    case 'date': {
      const n = serial();
      const day = n === undefined ? int(ctx.random, 0, 364) : n - 1;
      return new Date(EPOCH + day * DAY).toISOString().slice(0, 10);
    }
    case 'time': {
      const n = serial();
      const seconds = n === undefined ? int(ctx.random, 0, 86399) : (n - 1) % 86400;
      const hours = Math.floor(seconds / 3600);
      const minutes = Math.floor(seconds / 60) % 60;
      return `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds % 60)}.000`;
    }
    case 'datetime':
    case 'timestamp': {
      const n = serial();
      const at =
        n === undefined
          ? EPOCH + int(ctx.random, 0, 364 * 86400) * 1000 + int(ctx.random, 0, 999)
          : EPOCH + (n - 1) * 60000 + int(ctx.random, 0, 59999);
      return field.kind === 'datetime' ? new Date(at).toISOString() : String(at);
    }
    case 'json': {
      const n = serial();
      const value: Record<string, unknown> = {
        key: word(ctx),
        count: int(ctx.random, 0, 100),
        enabled: chance(ctx.random, 0.5),
        tags: words(ctx, 1, 3),
      };
      return n === undefined ? value : { ...value, serial: n };
    }
    case 'blocks':
      return blocksValue(ctx, serial());
  }
}

/** A cuid2-like id: a letter, then lowercase letters and digits, `length` in all. */
function cuid(ctx: ValueContext, length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const alphabet = `${letters}0123456789`;
  let out = pick(ctx.random, letters.split(''));
  while (out.length < length) out += alphabet.charAt(int(ctx.random, 0, alphabet.length - 1));
  return out;
}

/** A document id as Strapi 5 makes them (cuid2): 24 lowercase letters and digits, a letter first. */
export function documentId(ctx: ValueContext): string {
  return cuid(ctx, 24);
}

/**
 * A new document's `createdAt` and `updatedAt`, ISO strings with milliseconds from
 * 2026-01-01: each call's later than the last one's (ten minutes apart, give or take), an
 * `updatedAt` never before its `createdAt` (the same instant half the time).
 */
export function timestamps(ctx: ValueContext): { createdAt: string; updatedAt: string } {
  const step = 600000;
  const created = EPOCH + (ctx.serial('mock:timestamps') - 1) * step + int(ctx.random, 0, step / 4);
  const updated = chance(ctx.random, 0.5) ? created : created + int(ctx.random, 1, step / 4);
  return { createdAt: new Date(created).toISOString(), updatedAt: new Date(updated).toISOString() };
}

/** The sizes the upload plugin makes of an image (its default breakpoints), largest first. */
const BREAKPOINTS: [string, number][] = [
  ['large', 1000],
  ['medium', 750],
  ['small', 500],
];

/** Kilobytes with 2 decimals, as the upload plugin writes a size. */
const kilobytes = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;

/**
 * The smaller sizes the upload plugin makes of an image: a thumbnail (fitting 245 × 156) when
 * the image is larger than that, and each breakpoint the image is larger than; `null` for none.
 */
export function imageFormats(
  file: { name: string; hash: string; ext: string; mime: string; width: number; height: number },
  bytesPerPixel: number,
): Record<string, unknown> | null {
  const formats: Record<string, unknown> =
    file.width > 245 || file.height > 156
      ? { thumbnail: format('thumbnail', file, [245, 156], bytesPerPixel) }
      : {};
  for (const [key, breakpoint] of BREAKPOINTS)
    if (breakpoint < file.width || breakpoint < file.height)
      formats[key] = format(key, file, [breakpoint, breakpoint], bytesPerPixel);
  return Object.keys(formats).length > 0 ? formats : null;
}

/** One size of an image: `width` × `height` scaled to fit inside `box`. */
function format(
  key: string,
  file: { name: string; hash: string; ext: string; mime: string; width: number; height: number },
  box: [number, number],
  bytesPerPixel: number,
): Record<string, unknown> {
  const scale = Math.min(box[0] / file.width, box[1] / file.height);
  const width = Math.round(file.width * scale);
  const height = Math.round(file.height * scale);
  const sizeInBytes = Math.round(width * height * bytesPerPixel);
  return {
    name: `${key}_${file.name}`,
    hash: `${key}_${file.hash}`,
    ext: file.ext,
    mime: file.mime,
    path: null,
    width,
    height,
    size: kilobytes(sizeInBytes),
    sizeInBytes,
    url: `/uploads/${key}_${file.hash}${file.ext}`,
  };
}

/**
 * An uploaded image as a populated media field returns it with the local provider: the upload
 * plugin's attributes (no `related`, `folder` or `folderPath`), a `hash` of the file's name and
 * ten hex digits, `url` `/uploads/<hash><ext>`, a thumbnail (inside 245×156) and the
 * `large`/`medium`/`small` sizes smaller than the image, the texts the admin sets `null`, and
 * `publishedAt` its `createdAt` (files have no drafts).
 */
export function mediaFile(id: number, ctx: ValueContext): Record<string, unknown> {
  const jpeg = chance(ctx.random, 0.75);
  const ext = jpeg ? '.jpg' : '.png';
  const mime = jpeg ? 'image/jpeg' : 'image/png';
  const base = `${word(ctx)}-${id}`;
  const name = `${base}${ext}`;
  // The upload plugin's hash: the name as a slug with `_`, then 5 random bytes in hex.
  const hash = `${base.replace(/-/g, '_')}_${int(ctx.random, 0, 0xfffff).toString(16).padStart(5, '0')}${int(
    ctx.random,
    0,
    0xfffff,
  )
    .toString(16)
    .padStart(5, '0')}`;
  const width = pick(ctx.random, [800, 1024, 1200, 1600, 1920, 2400]);
  const height = Math.round(width / pick(ctx.random, [1, 4 / 3, 3 / 2, 16 / 9]));
  const bytesPerPixel = jpeg ? 0.12 + ctx.random() * 0.08 : 0.6 + ctx.random() * 0.4;
  const file = { name, hash, ext, mime, width, height };
  const formats = imageFormats(file, bytesPerPixel);
  const { createdAt, updatedAt } = timestamps(ctx);
  return {
    id,
    documentId: documentId(ctx),
    name,
    alternativeText: null,
    caption: null,
    focalPoint: null,
    width,
    height,
    formats,
    hash,
    ext,
    mime,
    size: kilobytes(Math.round(width * height * bytesPerPixel)),
    url: `/uploads/${hash}${ext}`,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    createdAt,
    updatedAt,
    publishedAt: createdAt,
  };
}
