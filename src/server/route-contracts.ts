/**
 * Route contracts (zod 4 schemas) to JSON Schema, the way `@strapi/openapi` converts them
 * (zod's own `toJSONSchema`, target draft 2020-12), with the zod that the running Strapi
 * bundles: this package has no dependency of its own. Shared schemas land in one
 * `definitions` table under deterministic ids, and references to the schemas Strapi keeps for
 * content types and components become `{ "x-cms-uid": uid }`.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isJson } from '../schema/normalize.ts';
import { stableStringify } from '../schema/stable-json.ts';
import type { JsonSchema, JsonValue } from '../schema/types.ts';
import type { StrapiLike } from './strapi.ts';

/** The part of zod 4 (`zod/v4`) the converter uses. */
export interface ZodApi {
  toJSONSchema(schema: unknown, params: Record<string, unknown>): unknown;
  globalRegistry: { get(schema: unknown): unknown };
}

/** What the converter needs from the Strapi installation: its zod and its name for a uid's schema. */
export interface StrapiZod {
  z: ZodApi;
  /**
   * The global registries that hold `.meta()` of the app's schemas: zod 4.4+ shares one through
   * `globalThis`, but zod 3.25's `zod/v4` keeps one per installed copy, and Strapi 5.4x nests a
   * copy under `@strapi/core` and another under `@strapi/utils` (whose `z` apps use).
   * @default [z.globalRegistry]
   */
  registries?: { get(schema: unknown): unknown }[];
  /** `transformUidToValidOpenApiName` of `@strapi/utils`: `api::article.article` -> `ApiArticleArticleDocument`. */
  schemaId(uid: string): string;
}

/**
 * Strapi's zod and `@strapi/utils`, resolved from the Strapi installation (`@strapi/core`'s own
 * dependencies first, then the app's); undefined when this Strapi has no zod 4 (before route
 * contracts existed) or they cannot be loaded.
 */
export function loadStrapiZod(strapi: StrapiLike): StrapiZod | undefined {
  const roots = [strapi.dirs?.app?.root, process.cwd()].filter((root): root is string => !!root);
  for (const root of roots) {
    try {
      const fromApp = createRequire(join(root, 'package.json'));
      let fromCore = fromApp;
      try {
        fromCore = createRequire(fromApp.resolve('@strapi/core'));
      } catch {
        // an app without a resolvable @strapi/core: its own zod
      }
      const z = fromCore('zod/v4') as ZodApi;
      const utils = fromCore('@strapi/utils') as { transformUidToValidOpenApiName?: (uid: string) => string };
      if (typeof z.toJSONSchema !== 'function' || typeof utils.transformUidToValidOpenApiName !== 'function')
        continue;
      const registries = new Set([z.globalRegistry]);
      for (const load of [
        () => createRequire(fromCore.resolve('@strapi/utils'))('zod/v4'),
        () => fromApp('zod/v4'),
      ]) {
        try {
          const other = load() as Partial<ZodApi>;
          if (other.globalRegistry) registries.add(other.globalRegistry);
        } catch {
          // no such copy
        }
      }
      return { z, schemaId: utils.transformUidToValidOpenApiName, registries: [...registries] };
    } catch {
      // not installed under this root
    }
  }
  return undefined;
}

/** True for a zod 4 schema (every zod 4 schema carries `_zod`). */
export function isZodSchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

type JsonObject = { [key: string]: JsonValue };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One converter per snapshot: converts each schema on its own (so one that fails costs only
 * itself) and collects the shared definitions of all of them.
 */
export class RouteSchemaConverter {
  readonly #z: ZodApi;
  readonly #registries: { get(schema: unknown): unknown }[];
  /** Strapi's named schemas by object identity, to convert them as references. */
  readonly #named = new Map<unknown, string>();
  /** Schema id -> uid, for the ids that name a content type's or component's schema. */
  readonly #uidById = new Map<string, string>();
  readonly #definitions = new Map<string, JsonSchema>();
  readonly #definitionText = new Map<string, string>();

  constructor(strapiZod: StrapiZod, strapi: StrapiLike) {
    this.#z = strapiZod.z;
    this.#registries = strapiZod.registries ?? [strapiZod.z.globalRegistry];
    for (const uid of [...Object.keys(strapi.contentTypes), ...Object.keys(strapi.components)]) {
      this.#uidById.set(strapiZod.schemaId(uid), uid);
    }
    for (const [id, schema] of strapi.contentAPISchemaRegistry?.entries() ?? []) this.#named.set(schema, id);
  }

  /** The shared definitions, sorted by id. */
  definitions(): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const id of [...this.#definitions.keys()].sort()) out[id] = this.#definitions.get(id) as JsonSchema;
    return out;
  }

  /**
   * The JSON Schema of one zod schema. `scope` names the definitions zod invents for anonymous
   * recursive schemas (`<scope>.schema0`), so they are the same on every boot and never collide
   * across routes. Throws when zod cannot convert the schema.
   */
  convert(schema: unknown, io: 'input' | 'output', scope: string): JsonSchema {
    const registries = this.#registries;
    const named = this.#named;
    // zod reads only `get` of the metadata registry: the schema's own `.meta()`, and Strapi's id over it.
    const metadata = {
      get(candidate: unknown) {
        let own: Record<string, unknown> | undefined;
        for (const registry of registries) {
          const meta = registry.get(candidate) as Record<string, unknown> | undefined;
          if (meta) own = { ...meta, ...own };
        }
        const id = named.get(candidate);
        return id === undefined ? own : { ...own, id };
      },
    };
    const raw = this.#z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      metadata,
      cycles: 'ref',
      reused: 'inline',
    });
    if (!isJson(raw) || (typeof raw !== 'boolean' && !isObject(raw))) {
      throw new TypeError('the conversion did not give a JSON Schema');
    }
    if (typeof raw === 'boolean') return raw;
    const { $defs, $schema: _schema, $id: _id, ...root } = raw;
    const defs = isObject($defs) ? $defs : {};
    // Local ids (`#/$defs/<id>`, and `#` for the root itself) -> what the payload says instead.
    const target = new Map<string, JsonObject>();
    const rename = (id: string) => (/^__schema\d+$/.test(id) ? `${scope}.${id.slice(2)}` : id);
    for (const id of Object.keys(defs)) {
      const uid = this.#uidById.get(id);
      target.set(
        `#/$defs/${id}`,
        uid === undefined ? { $ref: `#/definitions/${rename(id)}` } : { 'x-cms-uid': uid },
      );
    }
    const selfReferencing = JSON.stringify(root).includes('"$ref":"#"');
    if (selfReferencing) target.set('#', { $ref: `#/definitions/${scope}` });
    const rewrite = (value: JsonValue): JsonValue => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!isObject(value)) return value;
      const out: JsonObject = {};
      const ref = typeof value.$ref === 'string' ? target.get(value.$ref) : undefined;
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && ref) Object.assign(out, ref);
        else out[key] = rewrite(item);
      }
      return out;
    };
    const staged: [string, JsonSchema][] = [];
    for (const [id, definition] of Object.entries(defs)) {
      if (!this.#uidById.has(id)) staged.push([rename(id), rewrite(definition) as JsonSchema]);
    }
    let converted: JsonSchema = rewrite(root) as JsonObject;
    if (selfReferencing) {
      staged.push([scope, converted]);
      converted = { $ref: `#/definitions/${scope}` };
    }
    this.#define(staged);
    return converted;
  }

  /**
   * Adds the definitions of one conversion, all or none: an id that already holds another
   * schema (two schemas named alike with `.meta({ id })`) fails this conversion only.
   */
  #define(staged: [string, JsonSchema][]): void {
    const texts = staged.map(([id, schema]) => [id, stableStringify(schema)] as const);
    for (const [id, text] of texts) {
      const existing = this.#definitionText.get(id);
      if (existing !== undefined && existing !== text) {
        throw new Error(`two different schemas share the id ${JSON.stringify(id)}`);
      }
    }
    staged.forEach(([id, schema], index) => {
      this.#definitions.set(id, schema);
      this.#definitionText.set(id, texts[index]?.[1] ?? '');
    });
  }
}
