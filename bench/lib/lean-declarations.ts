/**
 * Budget 3's redesign reference: our generated declarations as a redesign of the query types
 * would keep them, checked through the reference client's machinery instead of ours. What a
 * client with our entry and input interfaces, our runtime and our client class can reach at best.
 *
 * From our output it keeps every entry and input interface, the dynamic zones' unions, the
 * runtime and the client class, and drops the populatable, filters, populate and draft interfaces
 * and the registry (its model interfaces; `CmsSchemaTypes` becomes `any`). In their place each content type and component gets
 * one compact model, `LeanModel_<Entry>`: its entry interface `s`, the filter kind of each field
 * `k`, its links `l` (each `[target model, 0 | 1]` for one or many, or `[{ uid: model }, 2]` for a
 * dynamic zone) and its input interface `i`. The machinery (`lean.d.ts`, {@link LEAN_MACHINERY})
 * derives everything else from a model when a query uses it: `populate` (relations with `fields`,
 * `sort`, `filters`, nested `populate`, `count`; zones with `on`), `filters` with each field's
 * operators (the runtime's `FieldFilter`, enumeration values included), `fields`, `sort`,
 * pagination, `locale`, `status` and `publicationFilter`; results that follow `populate` and
 * `fields`, as plain object types, drafts under `status: 'draft'`, `{ count }` for counted links;
 * and writes that take the input interface. Parameters are checked as ours are (`Checked`).
 * The collection and single type APIs of the client class take their models; every other API
 * keeps its declaration (over `any`, unused by the benchmark's queries).
 */
import ts from 'typescript';

/** What the machinery reads of one model of the registry. */
interface RegistryModel {
  uid: string;
  entry: string;
  input: string;
  /** Links: name, and the target uid (null for a polymorphic relation or media), or zone members. */
  links: { key: string; type: string; target: string | null; members: string[] }[];
  /** Filter kind by field. */
  scalars: [string, string][];
  /** The names the model's populatable, filters and draft slots point at (dropped). */
  dropped: string[];
  /** Link names that hold many (from the populatable interface). */
  many: Set<string>;
}

const UPLOAD_FILE_UID = 'plugin::upload.file';
/** The model of uploaded files (media links point at it), and of a polymorphic relation's entries. */
const MEDIA_MODEL = 'LeanModel__Media';
const ANY_MODEL = 'LeanModel__Any';

/**
 * The machinery: the reference client's query types (bench/lib/queries.ts, `following`) with what
 * our query types check and answer besides, written against the compact models; the runtime's own
 * `Checked`, `IsDraft`, `DocumentParams` and field operators where they apply as they are.
 */
export const LEAN_MACHINERY = `import type { CacheOptions, Checked, CmsListResponse, DocumentParams, FieldFilter, IsDraft, Pagination } from './runtime.js';
export interface LeanModel { s: object; k: object; l: object; i: object }
type SystemKey = 'id' | 'documentId' | 'createdAt' | 'updatedAt' | 'publishedAt' | 'locale';
type Plain<X> = { [K in keyof X]: X[K] } & {};
type PickPlain<E, K extends keyof E> = { [F in K]: E[F] } & {};
type ScalarName<M extends LeanModel> = keyof M['k'] & string;
type Fields<M extends LeanModel> = readonly ScalarName<M>[];
type SortKey<M extends LeanModel> = ScalarName<M> | \`\${ScalarName<M>}:\${'asc' | 'desc'}\`;
type Sort<M extends LeanModel> = SortKey<M> | readonly SortKey<M>[];
type Filters<M extends LeanModel> = {
  [K in keyof M['k']]?: FieldFilter<M['k'][K], NonNullable<M['s'][K & keyof M['s']]>>;
} & {
  [K in keyof M['l']]?: M['l'][K] extends [infer X extends LeanModel, 0 | 1] ? Filters<X> : never;
} & { $and?: readonly Filters<M>[]; $or?: readonly Filters<M>[]; $not?: Filters<M> };
interface RelationOptions<M extends LeanModel> { fields?: Fields<M>; sort?: Sort<M>; filters?: Filters<M>; populate?: Populate<M>; count?: boolean }
interface ComponentOptions<M extends LeanModel> { fields?: Fields<M>; populate?: Populate<M>; count?: boolean }
type LinkOptions<L> = L extends [infer X extends LeanModel, 0 | 1]
  ? RelationOptions<X>
  : L extends [infer Z, 2] ? { on: { [C in keyof Z]?: true | (Z[C] extends LeanModel ? ComponentOptions<Z[C]> : never) } } : never;
type LinkName<M extends LeanModel> = keyof M['l'] & string;
type Populate<M extends LeanModel> = '*' | LinkName<M> | readonly LinkName<M>[] | { [K in keyof M['l']]?: true | LinkOptions<M['l'][K]> };
interface QueryParams<M extends LeanModel> extends DocumentParams {
  filters?: Filters<M>; _q?: string; sort?: Sort<M>; pagination?: Pagination; populate?: Populate<M>; fields?: Fields<M>;
}
type FindOneParams<M extends LeanModel> = Pick<QueryParams<M>, 'populate' | 'fields' | 'filters' | keyof DocumentParams>;
interface WriteParams<M extends LeanModel> { locale?: string; status?: 'draft' | 'published'; populate?: Populate<M>; fields?: Fields<M> }
type Draft<E> = { [K in keyof E]: K extends 'publishedAt' ? null : K extends SystemKey ? E[K] : E[K] | null };
type Scalars<M extends LeanModel, D> = D extends true ? Draft<M['s']> : M['s'];
type Selected<M extends LeanModel, P, D> = P extends { fields: readonly (infer F)[] }
  ? PickPlain<Scalars<M, D>, Extract<F | 'id' | 'documentId', keyof Scalars<M, D>>>
  : Scalars<M, D>;
type PopulateOf<P> = P extends { populate: infer Pop } ? Pop : undefined;
type Linked<L, O, D> = O extends { count: true }
  ? { count: number }
  : L extends [infer X extends LeanModel, infer Many]
    ? Many extends 1 ? Result<X, O, D>[] : Result<X, O, D> | null
    : L extends [infer Z, 2] ? Zone<Z, O extends { on: infer On } ? On : {}, D>[] : never;
type Zone<Z, On, D> = { [C in keyof Z]: Z[C] extends LeanModel ? Plain<{ __component: C } & Result<Z[C], C extends keyof On ? On[C] : true, D>> : never }[keyof Z];
type Whole<L, D> = L extends [infer X extends LeanModel, infer Many]
  ? Many extends 1 ? Scalars<X, D>[] : Scalars<X, D> | null
  : L extends [infer Z, 2] ? Zone<Z, {}, D>[] : never;
type Populated<M extends LeanModel, Pop, D> = [Pop] extends [undefined]
  ? unknown
  : Pop extends '*'
    ? { [K in keyof M['l']]: Whole<M['l'][K], D> }
    : Pop extends string
      ? { [K in Pop & keyof M['l']]: Whole<M['l'][K], D> }
      : Pop extends readonly (infer K)[]
        ? { [J in K & keyof M['l']]: Whole<M['l'][J], D> }
        : { [K in keyof Pop & keyof M['l']]: Pop[K] extends true ? Whole<M['l'][K], D> : Linked<M['l'][K], Pop[K], D> };
type Result<M extends LeanModel, P, D = false> = unknown extends Populated<M, PopulateOf<P>, D>
  ? Selected<M, P, D>
  : Plain<Populated<M, PopulateOf<P>, D> & Selected<M, P, D>>;
type NoParams = {};
export interface LeanCollectionApi<M extends LeanModel> {
  find<const P extends QueryParams<M> = NoParams>(params?: Checked<P, QueryParams<M>>, cacheOptions?: CacheOptions): Promise<Result<M, P, IsDraft<P>>[]>;
  findWithMeta<const P extends QueryParams<M> = NoParams>(params?: Checked<P, QueryParams<M>>, cacheOptions?: CacheOptions): Promise<CmsListResponse<Result<M, P, IsDraft<P>>[], unknown>>;
  findOne<const P extends FindOneParams<M> = NoParams>(documentId: string, params?: Checked<P, FindOneParams<M>>, cacheOptions?: CacheOptions): Promise<Result<M, P, IsDraft<P>> | null>;
  create<const P extends WriteParams<M> = NoParams>(data: M['i'] | FormData, params?: Checked<P, WriteParams<M>>): Promise<Result<M, P, IsDraft<P>>>;
  update<const P extends WriteParams<M> = NoParams>(documentId: string, data: Partial<M['i']> | FormData, params?: Checked<P, WriteParams<M>>): Promise<Result<M, P, IsDraft<P>>>;
  delete(documentId: string): Promise<null>;
}
export interface LeanSingleApi<M extends LeanModel> {
  find<const P extends FindOneParams<M> = NoParams>(params?: Checked<P, FindOneParams<M>>, cacheOptions?: CacheOptions): Promise<Result<M, P, IsDraft<P>>>;
  update<const P extends WriteParams<M> = NoParams>(data: Partial<M['i']> | FormData, params?: Checked<P, WriteParams<M>>): Promise<Result<M, P, IsDraft<P>>>;
  delete(): Promise<null>;
}
`;

function nameOf(member: ts.TypeElement): string | undefined {
  const name = member.name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

function literalMembers(node: ts.TypeNode | undefined): ts.NodeArray<ts.TypeElement> | [] {
  return node && ts.isTypeLiteralNode(node) ? node.members : [];
}

/** The text of a type reference's name, or of a string literal type; undefined for anything else. */
function typeText(node: ts.TypeNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) return node.typeName.text;
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return node.literal.text;
  return undefined;
}

function slot(members: readonly ts.TypeElement[], name: string): ts.TypeNode | undefined {
  for (const member of members)
    if (nameOf(member) === name && ts.isPropertySignature(member)) return member.type;
  return undefined;
}

/** The interfaces of the types file by name, read once: each model looks up several. */
type Interfaces = ReadonlyMap<string, ts.InterfaceDeclaration>;

function interfacesOf(source: ts.SourceFile): Interfaces {
  return new Map(
    source.statements.flatMap((statement): [string, ts.InterfaceDeclaration][] =>
      ts.isInterfaceDeclaration(statement) ? [[statement.name.text, statement]] : [],
    ),
  );
}

/** The members of the model interface a registry entry names (`ArticleModel`): its slots. */
function modelSlots(interfaces: Interfaces, name: string): readonly ts.TypeElement[] {
  const declaration = interfaces.get(name);
  if (declaration === undefined)
    throw new Error(`lean declarations: no model interface ${name} in the types file`);
  return declaration.members;
}

/** A link's descriptor in the registry: `{ type: 'relation'; target: 'uid' }` and the like. */
function readLink(member: ts.TypeElement): RegistryModel['links'][number] {
  const fields = new Map<string, ts.TypeNode | undefined>();
  for (const field of literalMembers(ts.isPropertySignature(member) ? member.type : undefined))
    if (ts.isPropertySignature(field)) fields.set(nameOf(field) ?? '', field.type);
  const targets = fields.get('targets');
  const members =
    targets === undefined
      ? []
      : (ts.isUnionTypeNode(targets) ? [...targets.types] : [targets]).flatMap(
          (type) => typeText(type) ?? [],
        );
  return {
    key: nameOf(member) ?? '',
    type: typeText(fields.get('type')) ?? '',
    target: typeText(fields.get('target')) ?? null,
    members,
  };
}

/** The members of interface `name` whose type is a list. */
function listMembers(interfaces: Interfaces, name: string): Set<string> {
  const many = new Set<string>();
  for (const member of interfaces.get(name)?.members ?? []) {
    let type = ts.isPropertySignature(member) ? member.type : undefined;
    while (type && ts.isParenthesizedTypeNode(type)) type = type.type;
    if (type && ts.isArrayTypeNode(type)) many.add(nameOf(member) ?? '');
  }
  return many;
}

function readRegistry(source: ts.SourceFile): RegistryModel[] {
  const interfaces = interfacesOf(source);
  const registry = interfaces.get('CmsSchemaTypes');
  if (registry === undefined) throw new Error('lean declarations: the types file has no CmsSchemaTypes');
  return registry.members.flatMap((group) =>
    [...literalMembers(ts.isPropertySignature(group) ? group.type : undefined)].map((model) => {
      const modelName = typeText(ts.isPropertySignature(model) ? model.type : undefined) ?? '';
      const slots = modelSlots(interfaces, modelName);
      const populatable = typeText(slot(slots, 'populatable')) ?? '';
      return {
        uid: nameOf(model) ?? '',
        entry: typeText(slot(slots, 'entry')) ?? '',
        input: typeText(slot(slots, 'input')) ?? '',
        links: [...literalMembers(slot(slots, 'links'))].map(readLink),
        scalars: [...literalMembers(slot(slots, 'scalars'))].map((member): [string, string] => [
          nameOf(member) ?? '',
          typeText(ts.isPropertySignature(member) ? member.type : undefined) ?? 'json',
        ]),
        // The model interface itself goes with the registry it belongs to.
        dropped: [
          modelName,
          ...['populatable', 'filters', 'populate', 'draftEntry', 'draftPopulatable', 'draftInput'].flatMap(
            (name) => typeText(slot(slots, name)) ?? [],
          ),
        ],
        many: listMembers(interfaces, populatable),
      };
    }),
  );
}

const quoted = (text: string) => JSON.stringify(text).replaceAll('"', "'");

/** The compact model of each registry model, and of media and polymorphic relations. */
function models(registry: RegistryModel[]): string[] {
  const byUid = new Map(registry.map((model) => [model.uid, model]));
  const modelName = (uid: string | null) => {
    const target = uid === null ? undefined : byUid.get(uid);
    return target === undefined ? ANY_MODEL : `LeanModel_${target.entry}`;
  };
  const scalars = (model: RegistryModel | undefined) =>
    (model?.scalars ?? []).map(([key, kind]) => `${quoted(key)}: ${quoted(kind)}`).join('; ');
  const declared = registry.map((model) => {
    const links = model.links.map((link) => {
      const many = model.many.has(link.key) ? 1 : 0;
      if (link.type === 'dynamiczone')
        return `${quoted(link.key)}: [{ ${link.members.map((uid) => `${quoted(uid)}: ${modelName(uid)}`).join('; ')} }, 2]`;
      if (link.type === 'media') return `${quoted(link.key)}: [${MEDIA_MODEL}, ${many}]`;
      return `${quoted(link.key)}: [${modelName(link.target)}, ${many}]`;
    });
    return `export interface LeanModel_${model.entry} { s: ${model.entry}; k: { ${scalars(model)} }; l: { ${links.join('; ')} }; i: ${model.input} }`;
  });
  return [
    ...declared,
    `export interface ${MEDIA_MODEL} { s: MediaFile; k: { ${scalars(byUid.get(UPLOAD_FILE_UID))} }; l: {}; i: {} }`,
    `export interface ${ANY_MODEL} { s: Record<string, unknown>; k: {}; l: {}; i: {} }`,
  ];
}

/** Our `types.d.ts` (or `types.ts`) as the redesign keeps it, and the model name of each uid. */
export function leanDeclarations(text: string): { types: string; modelOf: Map<string, string> } {
  const source = ts.createSourceFile('types.d.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const registry = readRegistry(source);
  const dropped = new Set(registry.flatMap((model) => model.dropped));
  const kept = source.statements.filter(
    (statement) =>
      !(
        (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
        (dropped.has(statement.name.text) || statement.name.text === 'CmsSchemaTypes')
      ),
  );
  const printer = ts.createPrinter();
  const body = printer.printFile(ts.factory.updateSourceFile(source, kept));
  const mediaImported = /\bMediaFile\b/.test(body.slice(0, body.indexOf(';')));
  return {
    types: [
      body,
      mediaImported ? '' : "import type { MediaFile } from './runtime.js';",
      '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
      'export type CmsSchemaTypes = any;',
      ...models(registry),
      '',
    ].join('\n'),
    modelOf: new Map(registry.map((model) => [model.uid, `LeanModel_${model.entry}`])),
  };
}

/**
 * Our `client.d.ts` (or `client.ts`) with each collection and single type API taking its compact
 * model (`modelOf`, from {@link leanDeclarations}).
 */
export function leanClient(text: string, modelOf: Map<string, string>): string {
  let replaced = 0;
  const body = text.replace(
    /\b(CollectionApi|SingleApi)<CmsSchemaTypes, '([^']+)'>/g,
    (_, api: string, uid: string) => {
      const model = modelOf.get(uid);
      if (model === undefined) throw new Error(`lean declarations: no model for ${uid}`);
      replaced++;
      return `Lean${api}<LeanModels.${model}>`;
    },
  );
  if (replaced === 0) throw new Error('lean declarations: the client file declares no content type API');
  return (
    "import type { LeanCollectionApi, LeanSingleApi } from './lean.js';\n" +
    "import type * as LeanModels from './types.js';\n" +
    body
  );
}
