/**
 * Type tests of the generated `<Name>Filters` interfaces (kitchen schema): they must be exactly
 * what the registry's `scalars` and `links` call for, field by field, for every content type and
 * component, and each operator, relation, nesting and null rule is pinned by a use that compiles
 * or an `@ts-expect-error` that must meet an error. `scripts/type-fixtures.ts` writes the
 * client; `tsc -p tsconfig.json` checks this file (never run).
 */
import { expectTypeOf } from 'expect-type';
import type {
  ArticleFilters,
  AuthorFilters,
  CmsClient,
  CmsFilters,
  CmsSchemaTypes,
  Filters,
} from './generated/kitchen/index.ts';
import type {
  EntryOf,
  FieldFilter,
  FilterKind,
  FiltersOf,
  LinksOf,
  ModelOf,
  PopulatableName,
  ScalarName,
  ScalarsOf,
  SchemaShape,
} from './generated/kitchen/runtime/index.ts';
import type { SharedSeoFilters, UploadFileFilters } from './generated/kitchen/types.ts';

// --- the interfaces are what the registry describes, for every model -----------------------------

/** True when `A` and `B` are the identical type (not merely assignable both ways). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** A link's filter, one level: the target's `<Name>Filters` (what the runtime computed before). */
type LinkReference<S extends SchemaShape, L> = L extends { type: 'relation'; target: infer T }
  ? T extends string
    ? FiltersOf<ModelOf<S, T>>
    : Record<string, unknown>
  : L extends { type: 'component'; target: infer T }
    ? FiltersOf<ModelOf<S, T>>
    : L extends { type: 'media' }
      ? FiltersOf<ModelOf<S, 'plugin::upload.file'>>
      : never;

/**
 * The filters of model `M` as the runtime used to compute them from the registry: each scalar
 * with `FieldFilter` of its kind and its non-null entry type, each link but dynamic zones by
 * its target, and the logical operators. Required here; the interface has them all optional.
 */
type Reference<S extends SchemaShape, M> = {
  [K in ScalarName<M>]: FieldFilter<
    ScalarsOf<M>[K] extends FilterKind ? ScalarsOf<M>[K] : 'json',
    K extends keyof EntryOf<M> ? NonNullable<EntryOf<M>[K]> : never
  >;
} & {
  [K in PopulatableName<M> as LinksOf<M>[K] extends { type: 'dynamiczone' } ? never : K]: LinkReference<
    S,
    LinksOf<M>[K]
  >;
} & { $and: readonly FiltersOf<M>[]; $or: readonly FiltersOf<M>[]; $not: FiltersOf<M> };

/** Keys of model `M` whose filter differs from the reference, is missing, or is not optional. */
type Mismatches<S extends SchemaShape, M> = {
  [K in keyof Reference<S, M> | keyof FiltersOf<M>]-?: K extends keyof Reference<S, M>
    ? K extends keyof FiltersOf<M>
      ? Equal<Reference<S, M>[K], Required<FiltersOf<M>>[K]> extends true
        ? Record<never, never> extends Pick<FiltersOf<M>, K>
          ? never
          : K
        : K
      : K
    : K;
}[keyof Reference<S, M> | keyof FiltersOf<M>];

type Uid = keyof CmsSchemaTypes['contentTypes'] | keyof CmsSchemaTypes['components'];

/** `[uid, key]` of every mismatch in the schema. */
type AllMismatches = {
  [U in Uid]: [Mismatches<CmsSchemaTypes, ModelOf<CmsSchemaTypes, U>>] extends [never]
    ? never
    : [U, Mismatches<CmsSchemaTypes, ModelOf<CmsSchemaTypes, U>>];
}[Uid];

// On a failure, hover `AllMismatches`: it lists `[uid, key]` of each field that differs.
expectTypeOf<AllMismatches>().toBeNever();
// The reference is not vacuous: it sees a changed operator set.
expectTypeOf<
  Equal<Reference<CmsSchemaTypes, ModelOf<CmsSchemaTypes, 'api::article.article'>>['title'], string>
>().toEqualTypeOf<false>();
expectTypeOf<Uid>().toExtend<string>();

// `Filters` and `CmsFilters` are the interface itself.
expectTypeOf<CmsFilters<'api::article.article'>>().toEqualTypeOf<ArticleFilters>();
expectTypeOf<
  Filters<CmsSchemaTypes, ModelOf<CmsSchemaTypes, 'api::article.article'>>
>().toEqualTypeOf<ArticleFilters>();

// --- operators per field type ------------------------------------------------------------------
const text: ArticleFilters = {
  title: { $eq: 'a', $eqi: 'A', $ne: 'b', $nei: 'B', $in: ['a'], $notIn: ['b'] },
  summary: { $contains: 'a', $notContains: 'b', $containsi: 'A', $notContainsi: 'B' },
  body: { $startsWith: 'a', $startsWithi: 'A', $endsWith: 'z', $endsWithi: 'Z' },
  slug: { $null: true, $notNull: false, $not: { $containsi: 'draft' } },
  category: { $in: ['news', 'review'], $eqi: 'NEWS' },
};
const ranges: ArticleFilters = {
  views: { $lt: 10, $lte: 10, $gt: 0, $gte: 0, $between: [1, 9], $not: { $eq: 5 } },
  rating: 4.5,
  bigViews: { $between: ['1', 2] },
  publishDate: { $between: ['2025-01-01', new Date()] },
  createdAt: new Date(),
  scheduledAt: { $gte: '2025-01-01T00:00:00.000Z' },
  id: { $in: [1, 2] },
};
const others: ArticleFilters = {
  featured: { $eq: true, $ne: false, $not: { $eq: false } },
  metadata: { $null: true },
  content: { $notNull: true },
  documentId: 'abc',
  locale: { $in: ['en', 'fr'] },
};
void [text, ranges, others];

// @ts-expect-error text operators only on text
({ views: { $containsi: '1' } }) satisfies ArticleFilters;
// @ts-expect-error range operators not on text
({ title: { $between: ['a', 'z'] } }) satisfies ArticleFilters;
// @ts-expect-error range operators not on booleans
({ featured: { $gt: true } }) satisfies ArticleFilters;
// @ts-expect-error text operators not on booleans
({ featured: { $contains: 'x' } }) satisfies ArticleFilters;
// @ts-expect-error range operators not on enumerations
({ category: { $lt: 'news' } }) satisfies ArticleFilters;
// @ts-expect-error an enumeration takes its own values
({ category: { $in: ['news', 'gossip'] } }) satisfies ArticleFilters;
// @ts-expect-error an enumeration takes its own values as a shorthand too
({ category: 'gossip' }) satisfies ArticleFilters;
// @ts-expect-error $in holds the field's type
({ views: { $in: ['1'] } }) satisfies ArticleFilters;
// @ts-expect-error a number field takes no Date
({ views: new Date() }) satisfies ArticleFilters;
// @ts-expect-error $between is a pair
({ views: { $between: [1] } }) satisfies ArticleFilters;
// @ts-expect-error $between of a date takes dates
({ publishDate: { $between: [true, false] } }) satisfies ArticleFilters;
// @ts-expect-error $not holds the same field's operators
({ views: { $not: { $containsi: 'x' } } }) satisfies ArticleFilters;
// @ts-expect-error JSON fields: presence only
({ metadata: { $eq: 'x' } }) satisfies ArticleFilters;
// @ts-expect-error blocks: presence only, no shorthand value
({ content: 'x' }) satisfies ArticleFilters;
// @ts-expect-error $null takes a boolean
({ slug: { $null: 'yes' } }) satisfies ArticleFilters;

// --- null: only through $null / $notNull --------------------------------------------------------
// @ts-expect-error a field is never compared to null directly
({ slug: null }) satisfies ArticleFilters;
// @ts-expect-error nor with $eq
({ slug: { $eq: null } }) satisfies ArticleFilters;
// @ts-expect-error nor in $in
({ views: { $in: [1, null] } }) satisfies ArticleFilters;

// --- relations, components, media --------------------------------------------------------------
const linked: ArticleFilters = {
  author: { name: { $eq: 'Ada' }, articles: { views: { $gt: 5 }, author: { name: 'x' } } },
  tags: { name: { $in: ['a', 'b'] }, $or: [{ name: 'a' }, { name: 'b' }] },
  related: { title: 'x' },
  seo: { metaTitle: { $contains: 'x' }, metaImage: { url: { $endsWith: '.png' } } },
  links: { url: { $startsWith: 'https:' } },
  cover: { mime: { $startsWith: 'image/' }, size: { $lt: 100 } },
  localizations: { locale: 'fr' },
};
void linked;
expectTypeOf<ArticleFilters['author']>().toEqualTypeOf<AuthorFilters | undefined>();
expectTypeOf<ArticleFilters['seo']>().toEqualTypeOf<SharedSeoFilters | undefined>();
expectTypeOf<ArticleFilters['gallery']>().toEqualTypeOf<UploadFileFilters | undefined>();
// @ts-expect-error relation filters use the target's fields
({ author: { title: 'x' } }) satisfies ArticleFilters;
// @ts-expect-error two levels down as well
({ author: { articles: { name: 'x' } } }) satisfies ArticleFilters;
// @ts-expect-error component filters use the component's fields
({ seo: { views: 1 } }) satisfies ArticleFilters;
// @ts-expect-error media filters use the file's fields
({ cover: { views: 1 } }) satisfies ArticleFilters;
// @ts-expect-error a relation is not a value
({ author: 'documentid' }) satisfies ArticleFilters;
// @ts-expect-error dynamic zones cannot be filtered
({ sections: {} }) satisfies ArticleFilters;
// @ts-expect-error private fields cannot be filtered
({ internalNote: 'x' }) satisfies ArticleFilters;
// @ts-expect-error passwords cannot be filtered
({ accessCode: 'x' }) satisfies ArticleFilters;

// --- $and, $or, $not nest ------------------------------------------------------------------------
const logic: ArticleFilters = {
  $or: [{ title: 'x' }, { category: 'news' }, { $and: [{ views: 1 }, { $not: { featured: true } }] }],
  $and: [{ author: { $or: [{ name: 'a' }, { $not: { email: { $null: true } } }] } }],
  $not: { $or: [{ title: { $endsWith: '!' } }] },
};
void logic;
// @ts-expect-error $or takes a list
({ $or: { title: 'x' } }) satisfies ArticleFilters;
// @ts-expect-error $not takes one condition
({ $not: [{ title: 'x' }] }) satisfies ArticleFilters;
// @ts-expect-error the conditions are checked inside $and
({ $and: [{ titel: 'x' }] }) satisfies ArticleFilters;
// @ts-expect-error and inside a relation's $or
({ author: { $or: [{ title: 'x' }] } }) satisfies ArticleFilters;

// --- in queries: top level, inside populate, on upload -----------------------------------------
declare const cms: CmsClient;
await cms.articles.find({
  filters: { author: { name: 'Ada' } },
  populate: { author: { filters: { name: 'x' } } },
});
// @ts-expect-error the filters of a populated relation are the target's
await cms.articles.find({ populate: { author: { filters: { title: 'x' } } } });
// @ts-expect-error and are checked at any depth of the populate
await cms.articles.find({ populate: { author: { populate: { articles: { filters: { name: 'x' } } } } } });
await cms.upload.find({ filters: { mime: { $startsWith: 'image/' } } });
// @ts-expect-error upload filters use the file's fields
await cms.upload.find({ filters: { title: 'x' } });
