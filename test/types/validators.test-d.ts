/**
 * Type tests of the generated validators (issue 44): each is a Standard Schema v1 object whose
 * output is the input of the client's write it checks, so a validated value goes to `create`,
 * `update` or a draft `create` with no cast; a component's validator outputs the component's
 * input; `cmsFields` keeps each rule's literal type, for a form's `maxLength` or `<select>`.
 * Checked for the `--format ts` output and for the default `js` + `.d.ts` one.
 */
import { expectTypeOf } from 'expect-type';
import {
  type ArticleDraftInput,
  type ArticleInput,
  type CmsClient,
  type CmsValidator,
  cmsFields,
  cmsValidators,
  type SharedSeoInput,
  type StandardIssue,
  type StandardSchemaV1,
  type TagInput,
} from './generated/kitchen/index.ts';
import { cmsFields as jsFields, cmsValidators as jsValidators } from './generated/kitchen-js/index.js';

declare const cms: CmsClient;
declare const input: unknown;

/** What a Standard Schema consumer infers as the output (as form libraries do). */
type OutputOf<S> = S extends StandardSchemaV1<unknown, infer O> ? O : never;

for (const validators of [cmsValidators, jsValidators]) {
  // Standard Schema v1, as React Hook Form's resolver and TanStack Form take it.
  expectTypeOf(validators.articles.create).toMatchTypeOf<StandardSchemaV1<unknown, ArticleInput>>();
  expectTypeOf(validators.articles.create['~standard'].version).toEqualTypeOf<1>();
  expectTypeOf<OutputOf<typeof validators.articles.create>>().toEqualTypeOf<ArticleInput>();
  expectTypeOf<OutputOf<typeof validators.articles.draft>>().toEqualTypeOf<ArticleDraftInput>();
  expectTypeOf<OutputOf<typeof validators.articles.update>>().toEqualTypeOf<Partial<ArticleInput>>();
  // A type without draft and publish: its draft create takes the published input.
  expectTypeOf<OutputOf<typeof validators.tags.draft>>().toEqualTypeOf<TagInput>();
  expectTypeOf(validators['shared.seo']).toEqualTypeOf<CmsValidator<SharedSeoInput>>();

  // The result is synchronous: `value` or `issues`, no Promise to await.
  const result = validators.articles.create['~standard'].validate(input);
  expectTypeOf(result).not.toMatchTypeOf<Promise<unknown>>();
  if (result.issues) {
    expectTypeOf(result.issues).toEqualTypeOf<readonly StandardIssue[]>();
  } else {
    // A validated value goes to the write it was checked for, with no cast.
    void cms.articles.create(result.value);
    expectTypeOf(result.value.title).toEqualTypeOf<string>();
  }
  const draft = validators.articles.draft['~standard'].validate(input);
  if (!draft.issues) void cms.articles.create(draft.value, { status: 'draft' });
  const update = validators.articles.update['~standard'].validate(input);
  if (!update.issues) void cms.articles.update('documentId', update.value);
  const seo = validators['shared.seo']['~standard'].validate(input);
  if (!seo.issues) void cms.articles.create({ title: 'Hi', category: 'news', seo: seo.value });

  // A draft's value is not a published create's: its title may be missing.
  if (!draft.issues) {
    // @ts-expect-error a draft may lack the required title: not a published create's input
    void cms.articles.create(draft.value);
  }
  // @ts-expect-error no validator for a content type the schema does not have
  void validators.nope;
}

for (const fields of [cmsFields, jsFields]) {
  // Each rule with its literal type.
  expectTypeOf(fields.articles.title.kind).toEqualTypeOf<'string'>();
  expectTypeOf(fields.articles.title.required).toEqualTypeOf<true>();
  expectTypeOf(fields.articles.title.maxLength).toEqualTypeOf<120>();
  expectTypeOf(fields.articles.category.values).toEqualTypeOf<
    readonly ['news', 'opinion', 'review', 'how-to']
  >();
  expectTypeOf(fields.articles.seo.component).toEqualTypeOf<'shared.seo'>();
  expectTypeOf(fields.articles.sections.components).toEqualTypeOf<
    readonly ['sections.hero', 'sections.text-block']
  >();
  // @ts-expect-error a rule the field does not have is not there
  void fields.articles.summary.maxLength;
  // An enumeration's values type a `<select>`'s options.
  const options: readonly ('news' | 'opinion' | 'review' | 'how-to')[] = fields.articles.category.values;
  void options;
}
