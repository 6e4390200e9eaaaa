/**
 * The validators of a schema from its field tables: for each content type `create`, `update`
 * and `draft`, for each component one; each a Standard Schema v1 object whose `validate`
 * answers synchronously with the value as Strapi casts it, or the issues in Strapi's words.
 */
import { checkComponent, checkEntry, type SchemaTables, type Write } from './entry.ts';
import type { CmsFieldTables } from './fields.ts';
import type { StandardResult, StandardSchemaProps, StandardSchemaV1 } from './standard-schema.ts';

/**
 * What a validator takes: any value (it checks every one). Typed as `any` (what `JSON.parse`
 * returns: the declaration then needs no lint exception in a consumer's project), not
 * `unknown`, because form libraries require a schema's input to fit the form's values (React
 * Hook Form's `FieldValues`, TanStack Form's `defaultValues`): with `any` a validator fits every
 * form, and the form's own values type its fields. The output is what is typed.
 */
export type CmsValidatorInput = ReturnType<typeof JSON.parse>;

/** A validator of one write: a Standard Schema v1 object, its output the value to send. */
export interface CmsValidator<Output> extends StandardSchemaV1<CmsValidatorInput, Output> {
  /** The Standard Schema properties; `validate` answers at once. */
  readonly '~standard': CmsValidatorProps<Output>;
}

/** A validator's `~standard`: its `validate` answers at once, never with a Promise. */
export interface CmsValidatorProps<Output> extends StandardSchemaProps<CmsValidatorInput, Output> {
  /** Checks `value` as Strapi checks the write: `{ value }` cast, or `{ issues }` in Strapi's words. */
  readonly validate: (value: unknown) => StandardResult<Output>;
}

/** The validators of a content type's writes. */
export interface CmsWriteValidators<Create, Update, Draft> {
  /** A published create (`create(data)`): the draft's rules, then the published ones on what the draft stores. */
  readonly create: CmsValidator<Create>;
  /** An update (`update(id, data)`): the fields sent; a published update's other fields are the server's to check. */
  readonly update: CmsValidator<Update>;
  /** A draft create (`create(data, { status: 'draft' })`): no `required`, minimums or patterns. */
  readonly draft: CmsValidator<Draft>;
}

function validator<Output>(validate: (value: unknown) => StandardResult<unknown>): CmsValidator<Output> {
  return {
    '~standard': {
      version: 1,
      vendor: 'cms-typed-client',
      validate: validate as (value: unknown) => StandardResult<Output>,
    },
  };
}

/**
 * The validators of the schema whose tables are `tables` (content types by client property,
 * components by uid); `types` gives each content type's uid, whether it has draft and publish and
 * whether it is localized.
 * `Validators` is the generated `CmsValidators`, which the tables' keys and the inputs' types match.
 */
export function validatorsOf<Validators>(
  tables: CmsFieldTables,
  types: Readonly<Record<string, readonly [uid: string, draftAndPublish: 0 | 1, localized: 0 | 1]>>,
): Validators {
  const schema: SchemaTables = {
    tables,
    keys: Object.fromEntries(Object.entries(types).map(([key, [uid]]) => [uid, key])),
    components: Object.keys(tables).filter((key) => !Object.hasOwn(types, key)),
  };
  const out: Record<string, unknown> = {};
  for (const [key, table] of Object.entries(tables)) {
    const type = types[key];
    if (!type) {
      out[key] = validator((value) => checkComponent(value, key, schema));
      continue;
    }
    const write = (action: Write['action']) =>
      validator((value) =>
        checkEntry(value, table, schema, {
          draftAndPublish: type[1] === 1,
          action,
          localized: type[2] === 1,
        }),
      );
    out[key] = { create: write('create'), update: write('update'), draft: write('draft') };
  }
  return out as Validators;
}
