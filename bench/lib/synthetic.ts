/**
 * The synthetic workload: a `/schema` payload in exactly the format the plugin serves (the
 * shape of test/fixtures/payloads/kitchen.json) with `n` collection types of 28 attributes that
 * cover every attribute type, 10 components and `max(1, n / 10)` single types, plus the
 * `plugin::` content types and the users-permissions `auth` block of the real kitchen-sink
 * payload. Deterministic: the same `n` gives the same payload and hash.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaHash } from '../../src/schema/hash.ts';
import type {
  CmsSchema,
  SchemaApiRoute,
  SchemaAttribute,
  SchemaComponent,
  SchemaContentType,
  SchemaResponse,
} from '../../src/schema/types.ts';
import { ROOT } from './paths.ts';

/** The N of the issue. */
export const SIZES = [5, 20, 100, 1000] as const;

const pad = (index: number) => String(index).padStart(4, '0');

/**
 * Names of collection type `index`: `api::record0007.record0007`, plural `records0007`. No
 * hyphen before the digits: strapi-typed-client camelCases only `-<letter>`, so `records-0007`
 * would become an invalid property name in its client.
 */
export function collectionNames(index: number): { uid: string; singular: string; plural: string } {
  const singular = `record${pad(index)}`;
  return { uid: `api::${singular}.${singular}`, singular, plural: `records${pad(index)}` };
}

/** Names of single type `index`: `api::page0000.page0000`. */
export function singleNames(index: number): { uid: string; singular: string; plural: string } {
  const singular = `page${pad(index)}`;
  return { uid: `api::${singular}.${singular}`, singular, plural: `pages${pad(index)}` };
}

/** The section components a dynamic zone of collection type `index` accepts (3 of 6). */
export function zoneComponents(index: number): string[] {
  const sections = SECTION_COMPONENTS;
  return [0, 2, 4].map((offset) => sections[(index + offset) % sections.length]!).sort();
}

const SECTION_COMPONENTS = [
  'sections.cta',
  'sections.faq',
  'sections.gallery',
  'sections.hero',
  'sections.stats',
  'sections.text-block',
];

/** Ten components covering media, nested components, relations, enumerations, blocks and json. */
function components(): Record<string, SchemaComponent> {
  const component = (uid: string, displayName: string, attributes: Record<string, SchemaAttribute>) => {
    const [category = ''] = uid.split('.');
    return { uid, category, displayName, attributes };
  };
  const list: SchemaComponent[] = [
    component('shared.link', 'Link', {
      label: { type: 'string' },
      url: { type: 'string', required: true },
      newTab: { type: 'boolean', default: false },
    }),
    component('shared.seo', 'SEO', {
      metaTitle: { type: 'string', required: true, maxLength: 60 },
      metaDescription: { type: 'text' },
      metaImage: { type: 'media', multiple: false, allowedTypes: ['images'] },
      canonical: { type: 'component', repeatable: false, component: 'shared.link' },
      structuredData: { type: 'json' },
    }),
    component('shared.media-item', 'Media item', {
      file: { type: 'media', multiple: false, required: true, allowedTypes: ['images', 'videos'] },
      caption: { type: 'string' },
      credit: { type: 'string' },
    }),
    component('shared.quote', 'Quote', {
      text: { type: 'text', required: true },
      author: { type: 'string' },
      portrait: { type: 'media', multiple: false, allowedTypes: ['images'] },
    }),
    component('sections.hero', 'Hero', {
      heading: { type: 'string', required: true },
      subheading: { type: 'text' },
      image: { type: 'media', multiple: false, allowedTypes: ['images'] },
      cta: { type: 'component', repeatable: false, component: 'shared.link' },
      theme: { type: 'enumeration', enum: ['light', 'dark', 'brand'], default: 'light' },
    }),
    component('sections.text-block', 'Text block', {
      body: { type: 'richtext' },
      align: { type: 'enumeration', enum: ['left', 'center', 'right'] },
    }),
    component('sections.gallery', 'Gallery', {
      title: { type: 'string' },
      items: { type: 'component', repeatable: true, component: 'shared.media-item' },
      columns: { type: 'integer', min: 1, max: 6, default: 3 },
    }),
    component('sections.cta', 'Call to action', {
      title: { type: 'string', required: true },
      content: { type: 'blocks' },
      buttons: { type: 'component', repeatable: true, component: 'shared.link' },
      target: { type: 'relation', relation: 'oneWay', target: collectionNames(0).uid },
    }),
    component('sections.faq', 'FAQ', {
      question: { type: 'string', required: true },
      answer: { type: 'richtext', required: true },
      quote: { type: 'component', repeatable: false, component: 'shared.quote' },
    }),
    component('sections.stats', 'Stats', {
      label: { type: 'string' },
      value: { type: 'decimal' },
      since: { type: 'date' },
      highlighted: { type: 'boolean', default: false },
    }),
  ];
  return Object.fromEntries(list.map((item) => [item.uid, item]));
}

/** Collection type `index` of `n`: 28 attributes, every attribute type, relations to its neighbours. */
function collectionType(index: number, n: number): SchemaContentType {
  const names = collectionNames(index);
  const localized = index % 3 === 0;
  const next = collectionNames((index + 1) % n);
  const previous = collectionNames((index + n - 1) % n);
  const loc = localized ? { localized: true } : {};
  const attributes: Record<string, SchemaAttribute> = {
    title: { type: 'string', required: true, minLength: 2, maxLength: 120, ...loc },
    slug: { type: 'uid', targetField: 'title' },
    summary: { type: 'text', ...loc },
    body: { type: 'richtext', ...loc },
    content: { type: 'blocks', ...loc },
    contactEmail: { type: 'email' },
    accessCode: { type: 'password' },
    category: {
      type: 'enumeration',
      required: true,
      enum: ['news', 'opinion', 'review', 'how-to'],
      default: 'news',
    },
    views: { type: 'integer', min: 0, default: 0 },
    bigViews: { type: 'biginteger' },
    rating: { type: 'float', min: 0, max: 5 },
    price: { type: 'decimal' },
    featured: { type: 'boolean', default: false },
    publishDate: { type: 'date' },
    publishTime: { type: 'time' },
    scheduledAt: { type: 'datetime' },
    stamp: { type: 'timestamp' },
    metadata: { type: 'json' },
    color: { type: 'string', customField: 'global::color', regex: '^#[0-9a-f]{6}$' },
    cover: { type: 'media', required: false, multiple: false, allowedTypes: ['images'] },
    gallery: { type: 'media', multiple: true, allowedTypes: ['images', 'videos'] },
    owner: { type: 'relation', relation: 'manyToOne', target: next.uid, inversedBy: 'owned' },
    owned: { type: 'relation', relation: 'oneToMany', target: previous.uid, mappedBy: 'owner' },
    related: { type: 'relation', relation: 'manyWay', target: collectionNames((index + 2) % n).uid },
    author: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' },
    seo: { type: 'component', repeatable: false, component: 'shared.seo' },
    links: { type: 'component', repeatable: true, component: 'shared.link' },
    sections: { type: 'dynamiczone', components: zoneComponents(index) },
  };
  return {
    uid: names.uid,
    kind: 'collectionType',
    singularName: names.singular,
    pluralName: names.plural,
    displayName: `Record ${index}`,
    draftAndPublish: index % 2 === 0,
    localized,
    attributes,
  };
}

/** Every tenth collection type has two custom routes. */
function customRoutes(index: number): SchemaApiRoute[] {
  if (index % 10 !== 0) return [];
  const names = collectionNames(index);
  const owner = names.uid.slice(0, names.uid.indexOf('.'));
  return [
    { method: 'GET', path: `/${names.plural}/popular`, handler: `${names.uid}.popular`, owner, auth: true },
    { method: 'POST', path: `/${names.plural}/:id/like`, handler: `${names.uid}.like`, owner, auth: true },
  ];
}

function singleType(index: number, n: number): SchemaContentType {
  const names = singleNames(index);
  return {
    uid: names.uid,
    kind: 'singleType',
    singularName: names.singular,
    pluralName: names.plural,
    displayName: `Page ${index}`,
    draftAndPublish: true,
    localized: false,
    attributes: {
      title: { type: 'string', required: true },
      description: { type: 'text' },
      body: { type: 'blocks' },
      logo: { type: 'media', multiple: false, allowedTypes: ['images'] },
      hero: { type: 'component', repeatable: false, component: 'sections.hero' },
      featured: { type: 'relation', relation: 'oneWay', target: collectionNames(index % n).uid },
      sections: { type: 'dynamiczone', components: zoneComponents(index) },
      seo: { type: 'component', repeatable: false, component: 'shared.seo' },
    },
  };
}

let kitchen: SchemaResponse | undefined;

/** A committed payload captured from the real test Strapi (`kitchen`, `launchpad`). */
export function fixturePayload(name: 'kitchen' | 'launchpad' | 'kitchen-refresh'): SchemaResponse {
  return JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'payloads', `${name}.json`), 'utf8'),
  ) as SchemaResponse;
}

/** The synthetic payload for `n` collection types, with its hash as the plugin computes it. */
export function syntheticPayload(n: number): SchemaResponse {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  kitchen ??= fixturePayload('kitchen');
  const contentTypes: Record<string, SchemaContentType> = {};
  const routes: SchemaApiRoute[] = [];
  for (let index = 0; index < n; index++) {
    const type = collectionType(index, n);
    contentTypes[type.uid] = type;
    routes.push(...customRoutes(index));
  }
  for (let index = 0; index < Math.max(1, Math.floor(n / 10)); index++) {
    const type = singleType(index, n);
    contentTypes[type.uid] = type;
  }
  for (const [uid, type] of Object.entries(kitchen.schema.contentTypes)) {
    if (uid.startsWith('plugin::')) contentTypes[uid] = type;
  }
  const schema: CmsSchema = {
    format: kitchen.schema.format,
    contentTypes,
    components: components(),
    auth: kitchen.schema.auth,
    routes: [...routes, ...kitchen.schema.routes.filter((route) => route.owner.startsWith('plugin::'))].sort(
      (a, b) =>
        a.owner.localeCompare(b.owner) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
    ),
    definitions: kitchen.schema.definitions,
  };
  return { hash: schemaHash(schema), schema };
}

/** Counts for a table row: content types by kind and components. */
export function describePayload(payload: SchemaResponse): {
  collections: number;
  singles: number;
  components: number;
} {
  const types = Object.values(payload.schema.contentTypes).filter((type) => type.uid.startsWith('api::'));
  return {
    collections: types.filter((type) => type.kind === 'collectionType').length,
    singles: types.filter((type) => type.kind === 'singleType').length,
    components: Object.keys(payload.schema.components).length,
  };
}
