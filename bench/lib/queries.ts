/**
 * The consumer file of the type-check benchmark: 50 populate-heavy queries (nested populate of
 * relations, media with `fields`, components, dynamic zones per component, filters, sort,
 * fields, pagination) against 50 collection types of the synthetic schema, and reads of the
 * populated results so their types are resolved. The query objects are the same text for both
 * clients: strapi-typed-client's generated API takes the same Strapi query shape; only the
 * import and the client class differ.
 */
import {
  buildModel,
  type ComponentModel,
  type ContentTypeModel,
  type FilterKind,
  type ModelAttribute,
} from '../../src/codegen/model.ts';
import { collectionNames, syntheticPayload, zoneComponents } from './synthetic.ts';

/** A populate for each section component, nested where it has something to populate. */
const ZONE_POPULATE: Record<string, string> = {
  'sections.hero': '{ populate: { image: true, cta: true } }',
  'sections.gallery': '{ populate: { items: { populate: { file: true } } } }',
  'sections.cta': '{ populate: { buttons: true, target: true } }',
  'sections.faq': '{ populate: { quote: { populate: { portrait: true } } } }',
  'sections.text-block': 'true',
  'sections.stats': 'true',
};

/** The populate object of the queries on collection type `index`, as source text. */
export function populate(index: number): string {
  const zone = zoneComponents(index)
    .map((uid) => `'${uid}': ${ZONE_POPULATE[uid] ?? 'true'}`)
    .join(', ');
  return `{
      owner: { fields: ['title', 'views'], populate: { cover: true, seo: { populate: { metaImage: true } } } },
      owned: { populate: { gallery: true, author: true } },
      related: { fields: ['title'] },
      author: true,
      cover: { fields: ['url', 'alternativeText'] },
      gallery: true,
      seo: { populate: { metaImage: true, canonical: true } },
      links: true,
      sections: { on: { ${zone} } },
    }`;
}

const FILTERS = `{
      $or: [{ title: { $containsi: 'news' } }, { views: { $gte: 10 } }],
      category: { $in: ['news', 'review'] },
      owner: { title: { $eq: 'x' } },
      featured: { $eq: true },
    }`;

const READS = [
  'e.title',
  'e.views',
  'e.owner?.title',
  'e.owner?.cover?.url',
  'e.owner?.seo?.metaImage?.url',
  'e.owned?.[0]?.gallery?.[0]?.url',
  'e.owned?.[0]?.author?.username',
  'e.related',
  'e.author?.username',
  'e.cover?.url',
  'e.gallery?.[0]?.mime',
  'e.seo?.metaImage?.url',
  'e.seo?.canonical?.url',
  'e.links?.[0]?.label',
  'e.sections?.[0]?.__component',
];

/** Which parts of the queries to write: all of them for the benchmark, subsets to see what costs. */
export interface QueryParts {
  populate: boolean;
  filters: boolean;
  /** `sort`, `fields` and `pagination`. */
  rest: boolean;
}

const ALL: QueryParts = { populate: true, filters: true, rest: true };

/**
 * Where each query sits: `blocks`, a block at the top of the module (one file of 50 statements,
 * the benchmark's consumer); `functions`, the body of an exported async function, as a page's or
 * a loader's code holds a query.
 */
export type ConsumerShape = 'blocks' | 'functions';

function query(index: number, number: number, parts: QueryParts, shape: ConsumerShape): string {
  const property = collectionNames(index).plural;
  const entries = (keys: string[]) => `{\n${keys.map((key) => `    ${key},\n`).join('')}  }`;
  const pop = parts.populate ? [`populate: ${populate(index)}`] : [];
  const fields = parts.rest ? ["fields: ['title', 'views', 'slug', 'category']"] : [];
  const params = entries([...pop, ...fields]);
  const full = entries([
    ...pop,
    ...(parts.filters ? [`filters: ${FILTERS}`] : []),
    ...(parts.rest
      ? ["sort: ['views:desc', 'title:asc']", ...fields, 'pagination: { page: 1, pageSize: 10 }']
      : []),
  ]);
  let call: string;
  if (number % 5 === 4) call = `const e = (await cms.${property}.findOne('doc-${number}', ${params}))!;`;
  else if (number % 5 === 3)
    call = `const r = await cms.${property}.findWithMeta(${full});\n  const e = r.data[0]!;`;
  else call = `const r = await cms.${property}.find(${full});\n  const e = r[0]!;`;
  const reads = parts.populate ? READS : READS.slice(0, 2);
  const opening = shape === 'blocks' ? '{' : `export async function query${number + 1}() {`;
  return `// Query ${number + 1}\n${opening}\n  ${call}\n  out.push([${reads.join(', ')}]);\n}`;
}

export const QUERY_COUNT = 50;

/**
 * Whose client the consumer file calls: ours, strapi-typed-client's, one of the type-check
 * benchmark's floors (`untyped`, `fixed`, `lightest`), or its minimal populate-aware client
 * (`following`). `lightest-import` and `following-import` are the lightest floor and the minimal
 * client as a client ships them: the file imports `cms` from `./cms/index.js`, which holds
 * {@link lightestModule}'s or {@link followingModule}'s declarations (the editor benchmark's
 * floor at N=1000 and reference at N=100).
 */
export type Consumer =
  | 'ours'
  | 'peer'
  | 'untyped'
  | 'fixed'
  | 'lightest'
  | 'lightest-import'
  | 'following'
  | 'following-import';

/**
 * The floor that declares nothing about the schema: every call takes any object and answers
 * `any`, so what is left is checking the file itself. `properties`: the client properties the
 * queries call. Like ours and the peer's, the client is a class instance in a `const`: with a
 * `declare const` instead, TypeScript's control-flow walk back to `cms` at each use costs less
 * (it saves about 40% of the untyped file's check time).
 */
function untypedHeader(properties: { plural: string }[]): string {
  return [
    'interface UntypedApi {',
    '  find(params?: object): Promise<any>;',
    '  findWithMeta(params?: object): Promise<any>;',
    '  findOne(documentId: string, params?: object): Promise<any>;',
    '}',
    'declare class UntypedClient {',
    ...properties.map(({ plural }) => `  ${plural}: UntypedApi;`),
    '}',
    'const cms = new UntypedClient();',
  ].join('\n');
}

/**
 * The floor that types queries without following them: parameters checked against our query
 * types (`CmsQuery`, read from our generated output), results of one fixed type per content type
 * with every relation, media, component and zone typed and optional whatever `populate` asks.
 * `properties` are the client properties the queries call, with their uids.
 */
function fixedHeader(properties: { uid: string; plural: string }[]): string {
  return [
    "import type { CmsContentTypeUid, CmsQuery } from './cms/index.js';",
    "import type { CmsSchemaTypes } from './cms/types.js';",
    "type Models = CmsSchemaTypes['contentTypes'] & CmsSchemaTypes['components'];",
    'type Fixed<U> = U extends keyof Models',
    '  ? Models[U] extends { entry: infer E; populatable: infer P; links: infer L }',
    '    ? E & { [K in keyof P]?: FixedLink<K extends keyof L ? L[K] : never, P[K]> }',
    '    : never',
    '  : never;',
    "type FixedLink<L, Base> = L extends { type: 'relation' | 'component'; target: infer T }",
    '  ? Base extends readonly unknown[] ? Fixed<T>[] : Fixed<T> | null',
    "  : L extends { type: 'dynamiczone'; targets: infer T }",
    '    ? (T extends string ? { __component: T; id: number } & Fixed<T> : never)[]',
    '    : Base;',
    'interface FixedApi<U extends CmsContentTypeUid> {',
    '  find(params?: CmsQuery<U>): Promise<Fixed<U>[]>;',
    '  findWithMeta(params?: CmsQuery<U>): Promise<{ data: Fixed<U>[] }>;',
    '  findOne(documentId: string, params?: CmsQuery<U>): Promise<Fixed<U> | null>;',
    '}',
    'declare class FixedClient {',
    ...properties.map(({ uid, plural }) => `  ${plural}: FixedApi<'${uid}'>;`),
    '}',
    'const cms = new FixedClient();',
  ].join('\n');
}

/** A scalar field's value type in the lightest floor: its filter kind's plainest type. */
const LIGHTEST_SCALAR: Record<FilterKind, string> = {
  string: 'string',
  number: 'number',
  date: 'string',
  boolean: 'boolean',
  json: 'unknown',
};

/**
 * The content types and components of synthetic schema `n`, and the name each one's declaration
 * gets in a floor written from the schema alone (`<prefix>0`, `<prefix>1`, ...; `unknown` for a
 * target outside the schema).
 */
function modelNames(n: number, prefix: string) {
  const model = buildModel(syntheticPayload(n).schema);
  const models = [...model.contentTypes, ...model.components];
  const names = new Map(models.map((entry, index) => [entry.uid, `${prefix}${index}`]));
  const target = (uid: string | null) => (uid === null ? 'unknown' : (names.get(uid) ?? 'unknown'));
  return { models, target };
}

/**
 * The types of the `following` client: a model is its scalar fields `s` and its links `l`, each
 * `[target, 0]` (to one), `[target, 1]` (to many) or `[members, 2]` (a dynamic zone, by
 * component uid). `populate`, `fields`, `filters` and `sort` are typed from them, nested, and a
 * result follows `populate` and `fields`, as one plain object type (`Plain`), so quick info on it
 * shows its fields, as the editor budget asks.
 */
const FOLLOWING_TYPES = `interface Model { s: object; l: object }
type Options<M extends Model> = true | { fields?: readonly (keyof M['s'])[]; populate?: Populate<M>; count?: boolean };
type ZoneOptions<Z> = true | { on?: { [C in keyof Z]?: Z[C] extends Model ? Options<Z[C]> : never } };
type Populate<M extends Model> = '*' | {
  [K in keyof M['l']]?: M['l'][K] extends [infer T extends Model, 0 | 1] ? Options<T> : M['l'][K] extends [infer Z, 2] ? ZoneOptions<Z> : never;
};
type Operators<V> = V | {
  $eq?: V; $ne?: V; $in?: readonly V[]; $notIn?: readonly V[]; $lt?: V; $lte?: V; $gt?: V; $gte?: V; $between?: readonly [V, V];
  $contains?: V; $notContains?: V; $containsi?: V; $notContainsi?: V; $startsWith?: V; $endsWith?: V;
  $null?: boolean; $notNull?: boolean; $not?: Operators<V>;
};
type Filters<M extends Model> = { [K in keyof M['s']]?: Operators<M['s'][K]> } & {
  [K in keyof M['l']]?: M['l'][K] extends [infer T extends Model, 0 | 1] ? Filters<T> : never;
} & { $and?: readonly Filters<M>[]; $or?: readonly Filters<M>[]; $not?: Filters<M> };
type SortKey<M extends Model> = (keyof M['s'] & string) | \`\${keyof M['s'] & string}:\${'asc' | 'desc'}\`;
type Pagination = { page?: number; pageSize?: number; withCount?: boolean } | { start?: number; limit?: number; withCount?: boolean };
interface Params<M extends Model> {
  populate?: Populate<M>; fields?: readonly (keyof M['s'])[]; filters?: Filters<M>; sort?: SortKey<M> | readonly SortKey<M>[]; pagination?: Pagination;
}
type Selected<M extends Model, Q> = Q extends { fields: readonly (infer F)[] } ? Pick<M['s'], Extract<F | 'id' | 'documentId', keyof M['s']>> : M['s'];
type Plain<T> = { [K in keyof T]: T[K] } & {};
type Result<M extends Model, Q> = Plain<Selected<M, Q> & (Q extends { populate: infer P } ? { [K in keyof P & keyof M['l']]: Linked<M['l'][K], P[K]> } : {})>;
type Linked<L, O> = L extends [infer T extends Model, infer Many]
  ? Many extends 1 ? Result<T, O>[] : Result<T, O> | null
  : L extends [infer Z, 2] ? Zone<Z, O extends { on: infer On } ? On : {}>[] : never;
type Zone<Z, On> = { [C in keyof Z]: Z[C] extends Model ? { __component: C } & Result<Z[C], C extends keyof On ? On[C] : true> : never }[keyof Z];
interface FollowingApi<M extends Model> {
  find<const Q extends Params<M>>(params?: Q): Promise<Result<M, Q>[]>;
  findWithMeta<const Q extends Params<M>>(params?: Q): Promise<{ data: Result<M, Q>[] }>;
  findOne<const Q extends Params<M>>(documentId: string, params?: Q): Promise<Result<M, Q> | null>;
}`;

/**
 * The minimal populate-aware client, written from synthetic schema `n` alone (nothing of our
 * output): `populate`, `fields`, `filters` and `sort` typed and checked at every level (a
 * misspelled key or operator is an error), each result following `populate` and `fields` and
 * shown by quick info as its fields; no drafts, no writes, and one operator set for every field
 * type. What checking the queries and following `populate` costs with the lightest declarations
 * that allow it. `properties`: the client properties the queries call. `exported`: written as a
 * module that exports the client instance `cms`.
 */
function followingHeader(n: number, properties: { uid: string; plural: string }[], exported = false): string {
  const { models, target } = modelNames(n, 'M');
  const declaration = (entry: ContentTypeModel | ComponentModel) => {
    const scalars = entry.filterFields.map((field) => `${field.key}: ${LIGHTEST_SCALAR[field.filterKind]};`);
    const links: string[] = [];
    for (const attribute of entry.attributes) {
      if (attribute.hidden || attribute.classification === 'scalar') continue;
      if (attribute.classification === 'dynamiczone') {
        const members = attribute.members.map((member) => `'${member.uid}': ${target(member.uid)}`);
        links.push(`${attribute.key}: [{ ${members.join('; ')} }, 2];`);
      } else {
        const item = attribute.classification === 'media' ? 'plugin::upload.file' : attribute.targetUid;
        if (item !== null) links.push(`${attribute.key}: [${target(item)}, ${attribute.many ? 1 : 0}];`);
      }
    }
    return `interface ${target(entry.uid)} { s: { ${scalars.join(' ')} }; l: { ${links.join(' ')} } }`;
  };
  return [
    ...models.map(declaration),
    FOLLOWING_TYPES,
    'declare class FollowingClient {',
    ...properties.map(({ uid, plural }) => `  ${plural}: FollowingApi<${target(uid)}>;`),
    '}',
    exported ? 'export declare const cms: FollowingClient;' : 'const cms = new FollowingClient();',
  ].join('\n');
}

/**
 * The minimal populate-aware client's declarations as the module `./cms/index.js` of a
 * `following-import` consumer file for schema `n` (an `index.d.ts`).
 */
export function followingModule(n: number): string {
  return `${followingHeader(n, queriedIndices(n).map(collectionNames), true)}\n`;
}

/**
 * The floor with the lightest declarations a client that types its results could have, written
 * from the synthetic schema `n` alone (nothing of our output): one interface per content type and
 * component with every field, and every relation, media, component and zone as an optional member
 * typed by its target's interface; queries answer these interfaces whatever `populate` asks, and
 * take any object. `properties`: the client properties the queries call, with their uids.
 * `exported`: written as a module that exports them and the client instance `cms`.
 */
function lightestDeclarations(
  n: number,
  properties: { uid: string; plural: string }[],
  exported: boolean,
): string {
  const { models, target } = modelNames(n, 'L');
  const upload = target('plugin::upload.file');
  const linkType = (attribute: Exclude<ModelAttribute, { classification: 'scalar' }>) => {
    if (attribute.classification === 'dynamiczone') {
      const members = attribute.members.map(
        (member) => `({ __component: '${member.uid}' } & ${target(member.uid)})`,
      );
      return `(${members.join(' | ') || 'never'})[]`;
    }
    const item = attribute.classification === 'media' ? upload : target(attribute.targetUid);
    return attribute.many ? `${item}[]` : `${item} | null`;
  };
  const exportKeyword = exported ? 'export ' : '';
  const declaration = (entry: ContentTypeModel | ComponentModel) => {
    const members = entry.filterFields.map(
      (field) => `  ${field.key}: ${LIGHTEST_SCALAR[field.filterKind]};`,
    );
    for (const attribute of entry.attributes) {
      if (!attribute.hidden && attribute.classification !== 'scalar')
        members.push(`  ${attribute.key}?: ${linkType(attribute)};`);
    }
    return `${exportKeyword}interface ${target(entry.uid)} {\n${members.join('\n')}\n}`;
  };
  return [
    ...models.map(declaration),
    `${exportKeyword}interface LightestApi<E> {`,
    '  find(params?: object): Promise<E[]>;',
    '  findWithMeta(params?: object): Promise<{ data: E[] }>;',
    '  findOne(documentId: string, params?: object): Promise<E | null>;',
    '}',
    `${exportKeyword}declare class LightestClient {`,
    ...properties.map(({ uid, plural }) => `  ${plural}: LightestApi<${target(uid)}>;`),
    '}',
    exported ? 'export declare const cms: LightestClient;' : 'const cms = new LightestClient();',
  ].join('\n');
}

/**
 * The lightest floor's declarations as the module `./cms/index.js` of a `lightest-import`
 * consumer file for schema `n` (an `index.d.ts` or `index.ts`).
 */
export function lightestModule(n: number): string {
  return `${lightestDeclarations(n, queriedIndices(n).map(collectionNames), true)}\n`;
}

function header(client: Consumer, n: number, indices: number[]): string {
  const properties = indices.map(collectionNames);
  switch (client) {
    case 'ours':
      return "import { CmsClient } from './cms/index.js';\nconst cms = new CmsClient({ baseURL: 'http://127.0.0.1:1' });";
    case 'peer':
      return "import { StrapiClient } from './cms/index.js';\nconst cms = new StrapiClient({ baseURL: 'http://127.0.0.1:1' });";
    case 'untyped':
      return untypedHeader(properties);
    case 'fixed':
      return fixedHeader(properties);
    case 'lightest':
      return lightestDeclarations(n, properties, false);
    case 'lightest-import':
    case 'following-import':
      return "import { cms } from './cms/index.js';";
    case 'following':
      return followingHeader(n, properties);
  }
}

/** The collection types the queries call: 0, 2, 4, ... (every one when there are 50 or fewer). */
function queriedIndices(n: number): number[] {
  const count = Math.min(QUERY_COUNT, n);
  const step = Math.max(1, Math.floor(n / count));
  return Array.from({ length: count }, (_, number) => (number * step) % n);
}

/** The consumer file for `client`: 50 queries over collection types 0, 2, 4, ... */
export function consumerSource(
  client: Consumer,
  n: number,
  { parts = ALL, shape = 'blocks' }: { parts?: QueryParts; shape?: ConsumerShape } = {},
): string {
  const indices = queriedIndices(n);
  const queries = indices.map((index, number) => query(index, number, parts, shape));
  return `${header(client, n, indices)}\nexport const out: unknown[] = [];\n\n${queries.join('\n\n')}\n`;
}
