/** The values of `publicationFilter` as a list, for code that offers or checks them. */
import type { PublicationFilter } from '../types/params.ts';

/**
 * The values of `publicationFilter` Strapi accepts (any other is a 400 `ValidationError`).
 * Plain names compare the draft and the published version of one locale of a document; the
 * `-document` ones look at the document across its locales. Every `PublicationFilter`
 * (test/types checks that none is missing).
 */
export const PUBLICATION_FILTERS = [
  'never-published',
  'has-published-version',
  'modified',
  'unmodified',
  'never-published-document',
  'has-published-version-document',
  'published-without-draft',
  'published-with-draft',
] as const satisfies readonly PublicationFilter[];
