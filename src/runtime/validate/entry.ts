/**
 * One entry's `data` checked as a Strapi 5 REST write checks it, in the order Strapi does:
 * 1. the keys (Strapi's input validation): `id` and `documentId`, then the fields no write may
 *    set, then every key no attribute has, at any depth; the first refused key is the one error;
 * 2. the rules of each attribute (the entity validator), every problem at once, with Strapi's
 *    messages and paths (`items[0].title` in the message, `['items', '0', 'title']` as the path);
 * 3. the dates and times, which Strapi's database layer parses only when the rules passed.
 * A published write of a draft-and-publish type runs the rules twice, as Strapi does: the draft's
 * on the request, then the published ones on the draft it stored.
 */
import { castBlocks, checkBlocks } from './blocks.ts';
import type {
  CmsComponentField,
  CmsDynamicZoneField,
  CmsField,
  CmsFieldTable,
  CmsFieldTables,
} from './fields.ts';
import { dateProblem, dateTimeProblem, timeProblem } from './formats.ts';
import { isVisible } from './logic.ts';
import { checkScalar, requiredIn, type ScalarField, typeMessage, type WriteMode } from './scalars.ts';
import type { StandardIssue, StandardResult } from './standard-schema.ts';

/** What the validators know of the schema: every table, and the uids of the content types' tables. */
export interface SchemaTables {
  readonly tables: CmsFieldTables;
  /** A content type's uid -> the key of its table. */
  readonly keys: Readonly<Record<string, string>>;
  /** Every component uid, in the order Strapi lists them in a zone's `__component` message. */
  readonly components: readonly string[];
}

/** Which write a validator checks. */
export interface Write {
  /** A draft-and-publish content type (a published write checks twice). */
  readonly draftAndPublish: boolean;
  /** `create`, `update` (partial) or a draft create. */
  readonly action: 'create' | 'update' | 'draft';
  /**
   * Whether the type is localized: `false` when known not to be. Strapi gives every content type a
   * writable `locale`; a localized type's is replaced by the request's locale, another type's is
   * checked as a string of at most 255 characters and stored (seen live). Unknown: not checked.
   */
  readonly localized?: boolean;
}

/** An entry's or a component's value; `__component` names a zone item's component. */
type Data = { __component?: unknown; [key: string]: unknown };

/** Keys no write may set at the top of an entry, in the order Strapi refuses them. */
const NOT_WRITABLE = [
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'localizations',
];
/** Keys every content type takes besides its attributes. */
const ROOT_KEYS = ['locale', 'publishedAt', 'data'];
/** Keys of the entries every relation target has. */
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
];
/** The attributes of an uploaded file, which a media value's objects may carry. */
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
];
const RELATION_OPERATIONS = ['connect', 'disconnect', 'set', 'options'];

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A table's fields as the checks walk them, worked out once per table. */
interface Plan {
  /** Every field, in schema order. */
  readonly fields: readonly (readonly [string, CmsField])[];
  /** The components and zones, whose dates the database writes first. */
  readonly nested: readonly (readonly [string, CmsField])[];
  /** The dates and times. */
  readonly dates: readonly (readonly [string, CmsField])[];
  /** The fields a create checks even when left out, in a draft and in a published write. */
  readonly absent: {
    readonly draft: readonly (readonly [string, CmsField])[];
    readonly published: readonly (readonly [string, CmsField])[];
  };
  /**
   * The fields whose published rules differ from a draft's (required, minimums, patterns,
   * formats, conditions, components): the published pass of a write that passed the draft's
   * rules checks only these, as the others already passed the same rules.
   */
  readonly publish: readonly (readonly [string, CmsField])[];
  /** Each field's place in schema order, to sort issues as Strapi does. */
  readonly order: ReadonlyMap<string, number>;
}

const TEXT_FORMATS = ['password', 'email', 'uid', 'component', 'dynamiczone'];

/** Whether a field's published rules differ from its draft rules. */
function publishes(field: CmsField): boolean {
  if (field.required === true || field.visible !== undefined || TEXT_FORMATS.includes(field.kind))
    return true;
  if ('minLength' in field && field.minLength !== undefined) return true;
  if ('regex' in field && field.regex !== undefined) return true;
  return field.kind !== 'biginteger' && 'min' in field && field.min !== undefined;
}

/** The plans by table (made on first use: a module-level map would stay in every bundle). */
let plans: WeakMap<CmsFieldTable, Plan> | undefined;

const DATE_KINDS = ['date', 'time', 'datetime', 'timestamp'];

function planOf(table: CmsFieldTable): Plan {
  plans ??= new WeakMap();
  let plan = plans.get(table);
  if (!plan) {
    const fields = Object.entries(table);
    const absentMatters = (draft: boolean) =>
      fields.filter(
        ([, field]) => field.default !== undefined || isList(field) || (field.required === true && !draft),
      );
    plan = {
      fields,
      nested: fields.filter(([, field]) => field.kind === 'component' || field.kind === 'dynamiczone'),
      dates: fields.filter(([, field]) => DATE_KINDS.includes(field.kind)),
      absent: { draft: absentMatters(true), published: absentMatters(false) },
      publish: fields.filter(([, field]) => publishes(field)),
      order: new Map(fields.map(([name], index) => [name, index])),
    };
    plans.set(table, plan);
  }
  return plan;
}

/**
 * An item of a repeatable component or a zone as yup casts it (items are cast, unlike the list
 * and a single component): a string is parsed as JSON, and anything but an object is `null`.
 */
function castItem(item: unknown): unknown {
  let value = item;
  if (typeof value === 'string')
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  return isObject(value) ? value : null;
}

/** What the stored draft holds for a password: its bcrypt hash (60 characters), whatever was sent. */
const HASH = '$2a$10$xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';

/** A repeatable component or a zone: a list Strapi never takes as `null`. */
const isList = (field: CmsField): boolean =>
  field.kind === 'dynamiczone' || (field.kind === 'component' && field.repeatable === true);

/** Checks `data` as the write `write` of the content type whose table is `table`. */
export function checkEntry(
  data: unknown,
  table: CmsFieldTable,
  schema: SchemaTables,
  write: Write,
): StandardResult<Data> {
  if (!isObject(data))
    return { issues: [{ message: 'Missing "data" payload in the request body', path: [] }] };
  const key = rootKeyIssue(data, table, schema);
  if (key) return { issues: [key] };
  const create = write.action !== 'update';
  const twice = write.draftAndPublish && write.action !== 'draft';
  // A draft-and-publish type's first pass is a draft's; another type ignores `status: 'draft'`.
  const first: WriteMode = { draft: write.draftAndPublish, create };
  const rules = new Rules(schema, first);
  const value = rules.object(data, table, '', []);
  if (write.localized === false) {
    // i18n adds `locale` after the type's own attributes: its issue sorts last.
    const { locale } = data;
    if (locale !== undefined && locale !== null && typeof locale !== 'string')
      rules.issues.push({ message: typeMessage('locale', 'string', locale, locale), path: ['locale'] });
    else if (typeof locale === 'string' && locale.length > 255)
      rules.issues.push({ message: 'locale must be at most 255 characters', path: ['locale'] });
  }
  if (rules.issues.length > 0) return { issues: inSchemaOrder(rules.issues, table) };
  const format = formatIssue(value, table, schema, []);
  if (format) return { issues: [format] };
  if (twice) {
    // The published pass reads the stored draft: what the write left out is null there (an
    // update's other fields are the server's: only the sent ones are checked).
    const publish = new Rules(schema, { draft: false, create: true }, true);
    publish.object(value, create ? table : pick(table, Object.keys(data)), '', []);
    if (publish.issues.length > 0) return { issues: inSchemaOrder(publish.issues, table) };
  }
  return { value };
}

/** Checks one component's value on its own, as a published create checks it inside an entry. */
export function checkComponent(data: unknown, uid: string, schema: SchemaTables): StandardResult<Data> {
  const table = schema.tables[uid] ?? {};
  if (!isObject(data)) return { issues: [{ message: typeMessage('this', 'object', data, data), path: [] }] };
  // A component's value may carry its `id` (and `documentId`), as inside an entry (seen live).
  const key = nestedKeyIssue(data, table, schema, [], [], false, ['id', 'documentId']);
  if (key) return { issues: [key] };
  const rules = new Rules(schema, { draft: false, create: true });
  const value = rules.object(data, table, '', []);
  if (rules.issues.length > 0) return { issues: inSchemaOrder(rules.issues, table) };
  const format = formatIssue(value, table, schema, []);
  return format ? { issues: [format] } : { value };
}

/** Issues sorted by their field's place in the schema, as Strapi lists them (stable within a field). */
function inSchemaOrder(issues: StandardIssue[], table: CmsFieldTable): StandardIssue[] {
  if (issues.length < 2) return issues;
  const order = planOf(table).order;
  const place = (issue: StandardIssue) => order.get(String(issue.path?.[0])) ?? order.size;
  return issues.sort((a, b) => place(a) - place(b));
}

const pick = (table: CmsFieldTable, names: string[]): CmsFieldTable =>
  Object.fromEntries(Object.entries(table).filter(([name]) => names.includes(name)));

// ---------------------------------------------------------------------------------------------
// 1. Keys

function refused(key: string, path: string[], attributePath: string[]): StandardIssue {
  const at = attributePath.length > 0 ? ` at ${attributePath.join('.')}` : '';
  return { message: `Invalid key ${key}${at}`, path: [...path, key] };
}

function rootKeyIssue(data: Data, table: CmsFieldTable, schema: SchemaTables): StandardIssue | undefined {
  for (const key of ['id', 'documentId']) if (Object.hasOwn(data, key)) return refused(key, [], []);
  for (const key of Object.keys(data)) if (NOT_WRITABLE.includes(key)) return refused(key, [], []);
  return nestedKeyIssue(data, table, schema, [], [], true);
}

/** The first key of `data` (and below) that Strapi refuses. */
function nestedKeyIssue(
  data: Data,
  table: CmsFieldTable,
  schema: SchemaTables,
  path: string[],
  attributePath: string[],
  root: boolean,
  extra: readonly string[] = [],
): StandardIssue | undefined {
  // Strapi judges a key no attribute has by the last relation, media or component of this level
  // it walked (its traversal keeps one `parent` per level): after `tag: 1`, a `connect` key
  // passes, before it the key is refused (seen live).
  let allowed = extra;
  for (const [key, value] of Object.entries(data)) {
    const field = Object.hasOwn(table, key) ? table[key] : undefined;
    if (!field) {
      if (root ? ROOT_KEYS.includes(key) : allowed.includes(key)) continue;
      return refused(key, path, attributePath);
    }
    const issue = valueKeyIssue(value, field, schema, [...path, key], [...attributePath, key]);
    if (issue) return issue;
    if (value === null || value === undefined) continue;
    if (field.kind === 'relation' || field.kind === 'media')
      allowed = ['id', 'documentId', ...RELATION_OPERATIONS];
    else if (field.kind === 'component' || (field.kind === 'dynamiczone' && Array.isArray(value)))
      allowed = ['id', 'documentId'];
  }
  return undefined;
}

function valueKeyIssue(
  value: unknown,
  field: CmsField,
  schema: SchemaTables,
  path: string[],
  attributePath: string[],
): StandardIssue | undefined {
  const items = (each: (item: Data, index: number) => StandardIssue | undefined) => {
    if (!Array.isArray(value)) return isObject(value) ? each(value, -1) : undefined;
    for (const [index, item] of value.entries()) {
      const issue = isObject(item) ? each(item, index) : undefined;
      if (issue) return issue;
    }
    return undefined;
  };
  const at = (index: number) => (index < 0 ? path : [...path, String(index)]);
  switch (field.kind) {
    case 'component': {
      const table = schema.tables[field.component] ?? {};
      if (Array.isArray(value))
        // An array in the list is walked as an object: its first index is an unknown key (seen live).
        for (const [index, item] of value.entries())
          if (Array.isArray(item) && item.length > 0) return refused('0', at(index), attributePath);
      return items((item, index) =>
        nestedKeyIssue(item, table, schema, at(index), attributePath, false, ['id', 'documentId']),
      );
    }
    case 'dynamiczone':
      return Array.isArray(value)
        ? items((item, index) => {
            const uid = item.__component;
            const table = typeof uid === 'string' ? schema.tables[uid] : undefined;
            if (!table) return undefined;
            return nestedKeyIssue(item, table, schema, at(index), attributePath, false, [
              'id',
              'documentId',
              '__component',
            ]);
          })
        : undefined;
    case 'relation':
    case 'media': {
      const targetKey = field.kind === 'relation' && field.target ? schema.keys[field.target] : undefined;
      const target = targetKey === undefined ? undefined : schema.tables[targetKey];
      if (field.kind === 'relation' && !target) return undefined;
      const allowed = (key: string) =>
        SYSTEM_KEYS.includes(key) ||
        (field.kind === 'media'
          ? FILE_KEYS.includes(key)
          : target !== undefined && Object.hasOwn(target, key));
      const check = (item: Data, index: number, operations: boolean) => {
        for (const key of Object.keys(item))
          if (!allowed(key) && !(operations && RELATION_OPERATIONS.includes(key)))
            return refused(key, at(index), attributePath);
        return undefined;
      };
      return Array.isArray(value)
        ? items((item, index) => check(item, index, false))
        : isObject(value)
          ? check(value, -1, true)
          : undefined;
    }
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Rules

/** One pass of the rules; its fields declared only, so a bundle for old targets needs no helper. */
class Rules {
  declare readonly issues: StandardIssue[];
  declare private readonly schema: SchemaTables;
  declare private readonly mode: WriteMode;
  /** Reads the values as the stored draft holds them: a field left out is `null`, a list empty. */
  declare private readonly stored: boolean;

  constructor(schema: SchemaTables, mode: WriteMode, stored = false) {
    this.issues = [];
    this.schema = schema;
    this.mode = mode;
    this.stored = stored;
  }

  private add(message: string, path: string[]) {
    this.issues.push({ message, path });
  }

  /**
   * Checks an entry's or a component's fields; returns the value cast (defaults in on create).
   * It walks the keys the value has, then the fields whose absence matters (required, with a
   * default, lists); the published pass over a stored draft walks only the fields whose
   * published rules differ. The copy, the labels and the paths are made only where needed.
   */
  object(data: Data, table: CmsFieldTable, label: string, path: string[]): Data {
    const plan = planOf(table);
    if (this.stored) {
      for (const [name, field] of plan.publish) {
        let item = data[name];
        if (item === undefined) item = isList(field) ? [] : null;
        // The publish pass reads the draft back: a password is its hash (so a `maxLength` under
        // 60 always fails, a `minLength` never does), and a zone holds only the components the
        // zone lists (the others were written but are not read back) (seen live).
        else if (field.kind === 'password' && typeof item === 'string') item = HASH;
        else if (field.kind === 'dynamiczone' && Array.isArray(item))
          item = item.filter(
            (entry) => isObject(entry) && field.components.includes(String(entry.__component)),
          );
        this.check(data, name, field, item, label, path);
      }
      return data;
    }
    let value = data;
    const keep = (name: string, cast: unknown) => {
      if (cast === data[name]) return;
      if (value === data) value = { ...data };
      value[name] = cast;
    };
    for (const name of Object.keys(data)) {
      const item = data[name];
      if (item === undefined || !Object.hasOwn(table, name)) continue;
      const field = table[name];
      if (field) keep(name, this.check(data, name, field, item, label, path));
    }
    if (this.mode.create)
      for (const [name, field] of this.mode.draft ? plan.absent.draft : plan.absent.published)
        if (data[name] === undefined) {
          const cast = this.check(data, name, field, undefined, label, path);
          if (cast !== undefined) keep(name, cast);
        }
    return value === data ? { ...data } : value;
  }

  /** One field's value: its cast value (the value itself where it has problems). */
  private check(
    data: Data,
    name: string,
    field: CmsField,
    value: unknown,
    label: string,
    path: string[],
  ): unknown {
    if (field.visible !== undefined && !isVisible(field.visible, data)) return value;
    const list = isList(field);
    // JSON sends NaN and ±Infinity as null (an empty number input's NaN): check what Strapi gets.
    let item = typeof value === 'number' && !Number.isFinite(value) ? null : value;
    if (item === undefined && this.mode.create) {
      if (field.default !== undefined) item = field.default;
      else if (list && !field.required) item = [];
    }
    // Nothing to check: an optional value left out or cleared (a list is never null).
    if ((item === undefined || item === null) && !list && !requiredIn(field, this.mode)) return item;
    if (field.kind === 'relation' || field.kind === 'media') return item;
    return this.field(item, field, label === '' ? name : `${label}.${name}`, path, name);
  }

  private field(value: unknown, field: CmsField, label: string, parent: string[], name: string): unknown {
    if (field.kind !== 'component' && field.kind !== 'dynamiczone' && field.kind !== 'blocks') {
      const outcome = checkScalar(label, value, field as ScalarField, this.mode);
      if (!outcome.messages) return outcome.value;
      const path = [...parent, name];
      for (const message of outcome.messages) this.add(message, path);
      return value;
    }
    const path = [...parent, name];
    switch (field.kind) {
      case 'component':
        return field.repeatable
          ? this.list(value, field, label, path)
          : this.single(value, field, label, path);
      case 'dynamiczone':
        return this.list(value, field, label, path);
      case 'blocks': {
        const cast = castBlocks(value);
        if (cast === null || cast === undefined) {
          if (!requiredIn(field, this.mode)) return cast;
          if (cast === undefined) {
            if (this.mode.create) this.add(`${label} must be defined.`, path);
          } else this.add(typeMessage(label, 'array', null, null), path);
          return cast;
        }
        for (const problem of checkBlocks(label, cast as unknown[]))
          this.add(problem.message, [...path, ...problem.path]);
        return cast;
      }
    }
  }

  private single(value: unknown, field: CmsComponentField, label: string, path: string[]): unknown {
    const required = requiredIn(field, this.mode);
    if (value === undefined) {
      if (required && this.mode.create) this.add(`${label} must be defined.`, path);
      return value;
    }
    if (value === null && !required) return value;
    if (!isObject(value)) {
      this.add(typeMessage(label, 'object', value, value), path);
      return value;
    }
    return this.object(value, this.schema.tables[field.component] ?? {}, label, path);
  }

  /** A repeatable component or a zone: always a list, never `null`; its length checked on publish. */
  private list(
    value: unknown,
    field: CmsComponentField | CmsDynamicZoneField,
    label: string,
    path: string[],
  ): unknown {
    if (value === undefined) {
      if (this.mode.create) this.add(`${label} must be defined.`, path);
      return value;
    }
    if (!Array.isArray(value)) {
      this.add(typeMessage(label, 'array', value, value), path);
      return value;
    }
    const cast = value.map((raw, index) => {
      const itemLabel = `${label}[${index}]`;
      const itemPath = [...path, String(index)];
      const item = castItem(raw);
      if (!isObject(item)) {
        this.add(typeMessage(itemLabel, 'object', item, raw), itemPath);
        return raw;
      }
      let uid: string;
      if (field.kind === 'component') uid = field.component;
      else {
        const named = item.__component;
        if (named === undefined || named === null) {
          this.add(`${itemLabel}.__component is a required field`, [...itemPath, '__component']);
          return item;
        }
        if (typeof named !== 'string' || !this.schema.components.includes(named)) {
          this.add(
            `${itemLabel}.__component must be one of the following values: ${this.schema.components.join(', ')}`,
            [...itemPath, '__component'],
          );
          return item;
        }
        uid = named;
      }
      return this.object(item, this.schema.tables[uid] ?? {}, itemLabel, itemPath);
    });
    if (!this.mode.draft) {
      if (field.max !== undefined && Number.isInteger(field.max) && cast.length > field.max)
        this.add(`${label} field must have less than or equal to ${field.max} items`, path);
      if (field.min !== undefined && (field.required === true || cast.length > 0) && cast.length < field.min)
        this.add(`${label} field must have at least ${field.min} items`, path);
    }
    return cast;
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Dates and times, and the stored draft

/** The list of component values an attribute holds, each with its table and path. */
function componentsOf(
  value: unknown,
  field: CmsField,
  schema: SchemaTables,
  path: string[],
): [Data, CmsFieldTable, string[]][] {
  if (field.kind === 'component') {
    const table = schema.tables[field.component] ?? {};
    if (!field.repeatable) return isObject(value) ? [[value, table, path]] : [];
    return Array.isArray(value)
      ? value.filter(isObject).map((item, index) => [item, table, [...path, String(index)]])
      : [];
  }
  if (field.kind !== 'dynamiczone' || !Array.isArray(value)) return [];
  return value.flatMap((item, index): [Data, CmsFieldTable, string[]][] => {
    const table =
      isObject(item) && typeof item.__component === 'string' ? schema.tables[item.__component] : undefined;
    return table ? [[item as Data, table, [...path, String(index)]]] : [];
  });
}

/**
 * The first date or time the database layer refuses: Strapi writes the components first (in
 * attribute order), then the entry's own fields.
 */
function formatIssue(
  data: Data,
  table: CmsFieldTable,
  schema: SchemaTables,
  path: string[],
): StandardIssue | undefined {
  const plan = planOf(table);
  for (const [name, field] of plan.nested) {
    const value = data[name];
    if (value === null || value === undefined) continue;
    for (const [item, itemTable, itemPath] of componentsOf(value, field, schema, [...path, name])) {
      const issue = formatIssue(item, itemTable, schema, itemPath);
      if (issue) return issue;
    }
  }
  for (const [name, field] of plan.dates) {
    const value = data[name];
    if (value === null || value === undefined) continue;
    const problem =
      field.kind === 'date'
        ? dateProblem(value)
        : field.kind === 'time'
          ? timeProblem(value)
          : dateTimeProblem(value);
    if (problem) return { message: problem, path: [...path, name] };
  }
  return undefined;
}
