/**
 * The field tables: what the generated `cmsFields` holds for each content type and component,
 * and what the validators read. One entry per attribute, in schema order, with only the rules
 * it has: a form builder reads a `maxLength` or an enumeration's `values` from it, and the
 * validators (entry.ts) apply the same rules Strapi applies.
 */

/** A JSON-Logic rule, as Strapi stores a conditional field's `conditions.visible`. */
export type CmsLogicRule = { readonly [operator: string]: unknown };

interface FieldBase {
  /** Strapi checks the field on publish (not on drafts). */
  readonly required?: boolean;
  /** The value Strapi writes when a create leaves the field out. */
  readonly default?: unknown;
  /** Strapi refuses a value another published entry holds (a database query: not checked here). */
  readonly unique?: boolean;
  /** Left out of responses (private attributes and passwords); still written. */
  readonly private?: boolean;
  /** The custom field's uid (`plugin::color-picker.color`); `kind` is the type it stores. */
  readonly customField?: string;
  /** Strapi checks the field only while this rule over the sibling fields holds. */
  readonly visible?: CmsLogicRule;
}

/** Text: `string` (at most 255 characters unless `maxLength` says otherwise), `text`, `richtext`, `password`, `email`, `uid`. */
export interface CmsTextField extends FieldBase {
  readonly kind: 'string' | 'text' | 'richtext' | 'password' | 'email' | 'uid';
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A pattern the published value must match (JavaScript `RegExp` source, no flags). */
  readonly regex?: string;
  /** `uid`: the field the admin derives it from (Strapi does not derive it on a REST write). */
  readonly targetField?: string;
}

/** An enumeration: one of `values`. */
export interface CmsEnumerationField extends FieldBase {
  readonly kind: 'enumeration';
  readonly values: readonly string[];
}

/** A number: `integer`, `float`, `decimal`, `biginteger` (a string of digits; Strapi ignores its `min` and `max`). */
export interface CmsNumberField extends FieldBase {
  readonly kind: 'integer' | 'float' | 'decimal' | 'biginteger';
  readonly min?: number;
  readonly max?: number;
}

/** `boolean`, the dates and times, `json` and `blocks`. */
export interface CmsPlainField extends FieldBase {
  readonly kind: 'boolean' | 'date' | 'time' | 'datetime' | 'timestamp' | 'json' | 'blocks';
}

/** Media: file ids (or documentIds), one or several. */
export interface CmsMediaField extends FieldBase {
  readonly kind: 'media';
  readonly multiple?: boolean;
  /** The kinds of file the admin offers (`images`, `files`, `videos`, `audios`); Strapi does not check them on a REST write. */
  readonly allowedTypes?: readonly string[];
}

/** A relation to `target` (a content type's uid; none for a polymorphic one). */
export interface CmsRelationField extends FieldBase {
  readonly kind: 'relation';
  readonly relation: string;
  readonly target?: string;
}

/** A component (`shared.seo`), one or a list of them. */
export interface CmsComponentField extends FieldBase {
  readonly kind: 'component';
  readonly component: string;
  readonly repeatable?: boolean;
  readonly min?: number;
  readonly max?: number;
}

/** A dynamic zone: a list of components, each naming its uid in `__component`. */
export interface CmsDynamicZoneField extends FieldBase {
  readonly kind: 'dynamiczone';
  readonly components: readonly string[];
  readonly min?: number;
  readonly max?: number;
}

/** One field's kind and rules. */
export type CmsField =
  | CmsTextField
  | CmsEnumerationField
  | CmsNumberField
  | CmsPlainField
  | CmsMediaField
  | CmsRelationField
  | CmsComponentField
  | CmsDynamicZoneField;

/** A content type's or component's fields by attribute name, in schema order. */
export type CmsFieldTable = { readonly [name: string]: CmsField };

/** The tables of a schema: content types by client property, components by uid. */
export type CmsFieldTables = { readonly [key: string]: CmsFieldTable };
