/**
 * "New article" with React Hook Form: the generated `cmsValidators.articles.create` is the form's
 * schema through `standardSchemaResolver`, so a field shows Strapi's own message
 * (`title must be at most 120 characters`) before any request, and the valid value, cast as
 * Strapi casts it (`readingMinutes: '5'` becomes `5`), goes to the create mutation as it is.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type ArticleInput, cmsFields, cmsValidators } from './cms';
import { useCms } from './queries';

/** What the inputs hold: text; the validator casts it to what Strapi stores. */
interface ArticleForm {
  title: string;
  excerpt: string;
  /** Empty means "not set" (Strapi's default, 3); Strapi itself refuses `''` for an integer. */
  readingMinutes: string | undefined;
}

const fields = cmsFields.articles;

export function NewArticle() {
  const { q } = useCms();
  const form = useForm<ArticleForm, unknown, ArticleInput>({
    // The validator takes any form values; its output is the create's input.
    resolver: standardSchemaResolver(cmsValidators.articles.create),
    defaultValues: { title: '', excerpt: '', readingMinutes: undefined },
  });
  // The mutation invalidates every article query: the list shows the new article.
  const create = useMutation(q.articles.create());
  const { errors } = form.formState;
  const title = form.watch('title');
  const submit = form.handleSubmit((value) => create.mutate({ data: value }));
  return (
    <section>
      <h2>New article</h2>
      <p>React Hook Form, checked by Strapi's rules before it sends anything.</p>
      <form onSubmit={submit} aria-label="new article" noValidate>
        <label>
          Title{fields.title.required ? ' (required)' : ''}{' '}
          <input
            {...form.register('title')}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? 'article-title-error' : undefined}
          />
        </label>
        <small id="article-title-count">
          {title.length}/{fields.title.maxLength} characters
        </small>
        {errors.title ? (
          <p role="alert" id="article-title-error">
            {errors.title.message}
          </p>
        ) : null}
        <label>
          Excerpt{' '}
          <textarea
            {...form.register('excerpt')}
            aria-invalid={errors.excerpt ? true : undefined}
            aria-describedby={errors.excerpt ? 'article-excerpt-error' : undefined}
          />
        </label>
        {errors.excerpt ? (
          <p role="alert" id="article-excerpt-error">
            {errors.excerpt.message}
          </p>
        ) : null}
        <label>
          Reading minutes{' '}
          <input
            type="number"
            min={fields.readingMinutes.min}
            placeholder={String(fields.readingMinutes.default)}
            {...form.register('readingMinutes', {
              setValueAs: (text: string) => (text === '' ? undefined : text),
            })}
            aria-invalid={errors.readingMinutes ? true : undefined}
            aria-describedby={errors.readingMinutes ? 'article-readingMinutes-error' : undefined}
          />
        </label>
        {errors.readingMinutes ? (
          <p role="alert" id="article-readingMinutes-error">
            {errors.readingMinutes.message}
          </p>
        ) : null}
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create article'}
        </button>
      </form>
      {create.isError ? <p role="alert">Could not create: {create.error.message}</p> : null}
      {create.data ? (
        <p role="status" aria-label="created article">
          Created <a href={`#/articles/${encodeURIComponent(create.data.documentId)}`}>{create.data.title}</a>{' '}
          (<code>{create.data.documentId}</code>), {create.data.readingMinutes} min
        </p>
      ) : null}
    </section>
  );
}
