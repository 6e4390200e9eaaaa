/**
 * "New category" with TanStack Form, which takes a Standard Schema as a validator itself: the
 * generated `cmsValidators.categories.create` checks the form on submit with Strapi's rules and
 * messages, before any request. TanStack Form hands `onSubmit` the form's values, not the
 * schema's output, so the handler takes the validator's `value` (typed `CategoryInput`) and gives
 * it to `cms.categories.create` as it is.
 */
import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { type Category, cmsFields, cmsValidators } from './cms';
import { useCms } from './queries';

const validator = cmsValidators.categories.create;
const fields = cmsFields.categories;

export function NewCategory() {
  const { cms } = useCms();
  const [created, setCreated] = useState<Category | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { name: '', slug: '' },
    // The validator takes any form values; the form's own values come from `defaultValues`.
    validators: { onSubmit: validator },
    onSubmit: async ({ value }) => {
      // `validate` answers at once: the value cast as Strapi casts it, typed as the client's input.
      const checked = validator['~standard'].validate(value);
      if (checked.issues) return;
      setFailure(null);
      try {
        setCreated(await cms.categories.create(checked.value));
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    },
  });
  return (
    <section>
      <h2>New category</h2>
      <p>TanStack Form, checked by Strapi's rules before it sends anything.</p>
      <form
        aria-label="new category"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="name">
          {(field) => (
            <>
              <label>
                Name{fields.name.required ? ' (required)' : ''}{' '}
                <input
                  name={field.name}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  aria-invalid={field.state.meta.errors.length > 0 ? true : undefined}
                  aria-describedby={
                    field.state.meta.errors.length > 0 ? `category-${field.name}-error` : undefined
                  }
                />
              </label>
              {field.state.meta.errors.length > 0 ? (
                <p role="alert" id={`category-${field.name}-error`}>
                  {field.state.meta.errors.map((issue) => issue?.message).join('\n')}
                </p>
              ) : null}
            </>
          )}
        </form.Field>
        <form.Field name="slug">
          {(field) => (
            <>
              <label>
                Slug{fields.slug.required ? ' (required)' : ''}{' '}
                <input
                  name={field.name}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  aria-invalid={field.state.meta.errors.length > 0 ? true : undefined}
                  aria-describedby={
                    field.state.meta.errors.length > 0 ? `category-${field.name}-error` : undefined
                  }
                />
              </label>
              <small>The URL name of the {fields.slug.targetField}: letters, digits, - _ . ~</small>
              {field.state.meta.errors.length > 0 ? (
                <p role="alert" id={`category-${field.name}-error`}>
                  {field.state.meta.errors.map((issue) => issue?.message).join('\n')}
                </p>
              ) : null}
            </>
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <button type="submit" disabled={submitting}>
              {submitting ? 'Creating…' : 'Create category'}
            </button>
          )}
        </form.Subscribe>
      </form>
      {failure ? <p role="alert">Could not create: {failure}</p> : null}
      {created ? (
        <p role="status" aria-label="created category">
          Created {created.name} (<code>{created.slug}</code>, <code>{created.documentId}</code>)
        </p>
      ) : null}
    </section>
  );
}
