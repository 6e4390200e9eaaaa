/**
 * The field tables: what the generated `cmsFields` holds for each content type and component,
 * and what the validators read. One entry per attribute, in schema order, with only the rules
 * it has: a form builder reads a `maxLength` or an enumeration's `values` from it, and the
 * validators (entry.ts) apply the same rules Strapi applies.
 */

/** A JSON-Logic rule, as Strapi stores a conditional field's `conditions.visible`. */
export type CmsLogicRule = {
  /** An operator (`==`, `!=`, `and`, `var`...) and its arguments. */
  readonly [operator: string]: unknown;
};

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
  /** The attribute type. */
  readonly kind: 'string' | 'text' | 'richtext' | 'password' | 'email' | 'uid';
  /** The fewest characters a published value has. */
  readonly minLength?: number;
  /** The most characters a value has (drafts too). */
  readonly maxLength?: number;
  /** A pattern the published value must match (JavaScript `RegExp` source, no flags). */
  readonly regex?: string;
  /** `uid`: the field the admin derives it from (Strapi does not derive it on a REST write). */
  readonly targetField?: string;
}

/** An enumeration: one of `values`. */
export interface CmsEnumerationField extends FieldBase {
  /** The attribute type. */
  readonly kind: 'enumeration';
  /** The values it takes, in schema order. */
  readonly values: readonly string[];
}

/** A number: `integer`, `float`, `decimal`. */
export interface CmsNumberField extends FieldBase {
  /** The attribute type. */
  readonly kind: 'integer' | 'float' | 'decimal';
  /** The smallest published value. */
  readonly min?: number;
  /** The largest value (drafts too). */
  readonly max?: number;
}

/** A `biginteger`: a string of digits. Strapi ignores its `min` and `max`. */
export interface CmsBigIntegerField extends FieldBase {
  /** The attribute type. */
  readonly kind: 'biginteger';
  /** The smallest value the admin offers, as written in the schema (Strapi does not check it). */
  readonly min?: number | string;
  /** The largest value the admin offers, as written in the schema (Strapi does not check it). */
  readonly max?: number | string;
}

/** `boolean`, the dates and times, `json` and `blocks`. */
export interface CmsPlainField extends FieldBase {
  /** The attribute type. */
  readonly kind: 'boolean' | 'date' | 'time' | 'datetime' | 'timestamp' | 'json' | 'blocks';
}

/** Media: file ids (or documentIds), one or several. */
export interface CmsMediaField extends FieldBase {
  /** The attribute type. */
  readonly kind: 'media';
  /** Several files (a list), else one. */
  readonly multiple?: boolean;
  /** The kinds of file the admin offers (`images`, `files`, `videos`, `audios`); Strapi does not check them on a REST write. */
  readonly allowedTypes?: readonly string[];
}

/** A relation to `target` (a content type's uid; none for a polymorphic one). */
export interface CmsRelationField extends FieldBase {
  /** The attribute type. */
  readonly kind: 'relation';
  /** Its cardinality: `oneToOne`, `manyToOne`, `oneToMany`, `manyToMany`, `morphToMany`... */
  readonly relation: string;
  /** The content type it points to, by uid. */
  readonly target?: string;
}

/** A component (`shared.seo`), one or a list of them. */
export interface CmsComponentField extends FieldBase {
  /** The attribute type. */
  readonly kind: 'component';
  /** The component's uid. */
  readonly component: string;
  /** A list of the component, else one. */
  readonly repeatable?: boolean;
  /** The fewest items of a published list (when it is required or not empty). */
  readonly min?: number;
  /** The most items of a published list. */
  readonly max?: number;
}

/** A dynamic zone: a list of components, each naming its uid in `__component`. */
export interface CmsDynamicZoneField extends FieldBase {
  /** The attribute type. */
  readonly kind: 'dynamiczone';
  /** The uids of the components the admin offers in it. */
  readonly components: readonly string[];
  /** The fewest items of a published zone (when it is required or not empty). */
  readonly min?: number;
  /** The most items of a published zone. */
  readonly max?: number;
}

/** One field's kind and rules. */
export type CmsField =
  | CmsTextField
  | CmsEnumerationField
  | CmsNumberField
  | CmsBigIntegerField
  | CmsPlainField
  | CmsMediaField
  | CmsRelationField
  | CmsComponentField
  | CmsDynamicZoneField;

/** A content type's or component's fields by attribute name, in schema order. */
export type CmsFieldTable = {
  /** A field by its attribute name. */
  readonly [name: string]: CmsField;
};

/** The tables of a schema: content types by client property, components by uid. */
export type CmsFieldTables = {
  /** A content type's table by client property, a component's by uid. */
  readonly [key: string]: CmsFieldTable;
};
