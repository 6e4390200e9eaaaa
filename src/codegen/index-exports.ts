/**
 * What the generated `index` exports: what users use, not everything the other files declare.
 * The client file whole (the client, `cmsQueries`, `handleCmsWebhook`, `handleCmsPreview`,
 * `withStatus`, the schema's constants and
 * `CmsEntry`/`CmsQuery`/`CmsFilters`); from the runtime, the curated list below; from the types
 * file, the model types a user names (`indexModelTypes`). Everything else stays reachable where
 * it is declared: `./types.js`, `./runtime/index.js`.
 */
import { compareCodeUnits } from './identifiers.ts';
import type { CodegenModel } from './model-types.ts';

/** The runtime's values and types the generated `index` re-exports, each for the reason beside it. */
export const INDEX_RUNTIME_EXPORTS: { values: readonly string[]; types: readonly string[] } = {
  values: [
    // Thrown by every failed request: `instanceof` in a catch.
    'CmsError',
    'CmsConnectionError',
    'CmsWebhookError',
    'CmsPreviewError',
    // Narrow a caught value, also across bundles (`isCmsErrorOf(error, 'NotFoundError')`).
    'isCmsError',
    'isCmsErrorOf',
    'isCmsConnectionError',
    'isCmsWebhookError',
    'isCmsPreviewError',
    // Strapi's Live Preview, in a client component of the framed page.
    'listenToStrapiPreview',
    // The cache-tag scheme, so an app computes the tags the client sets (`revalidateTag`).
    'contentTypeTag',
    'documentTag',
    'changeTags',
    'mergeCacheTags',
    'MEDIA_PATH',
    // The values `publicationFilter` takes.
    'PUBLICATION_FILTERS',
    // The client's query string, for a URL built by hand.
    'toQueryString',
  ],
  types: [
    // `new CmsClient(config)` and a call's cache options.
    'CmsClientConfig',
    'CacheOptions',
    // What a caught `CmsError` says: its names, their details, a validation issue.
    'CmsErrorName',
    'CmsErrorDetails',
    'CmsValidationIssue',
    // The parameters and results a query method's hover names (`FindOneParams<CmsSchemaTypes, ArticleModel>`).
    'QueryParams',
    'FindOneParams',
    'SingleParams',
    'WriteParams',
    'DeleteParams',
    'QueryResult',
    // `findWithMeta`'s result: the `{ data, meta }` envelope, and the list response it is.
    'CmsResponse',
    'CmsListResponse',
    'PaginationMeta',
    // The values of `publicationFilter`, as a type.
    'PublicationFilter',
    // The parts of a query, to type one kept in a variable.
    'Filters',
    'Populate',
    'Sort',
    'Fields',
    // `handleCmsWebhook`'s options and result.
    'WebhookOptions',
    'WebhookResult',
    // `handleCmsPreview`'s options and result; `withStatus`'s options.
    'PreviewOptions',
    'PreviewTarget',
    'StatusOptions',
    // `listenToStrapiPreview`'s options and what `onFieldChange` gets.
    'LivePreviewOptions',
    'StrapiFieldChange',
    // `cmsValidators` and `cmsFields`: a validator's type, what it reports, a field's rules.
    'CmsValidator',
    'CmsWriteValidators',
    'StandardSchemaV1',
    'StandardIssue',
    'CmsField',
    // `client.auth`: what a sign-in form sends and what it returns.
    'LoginCredentials',
    'RegisterData',
    'AuthResponse',
    // What `client.upload` and media fields return, `client.i18n.locales()` returns, a blocks field holds.
    'MediaFile',
    'CmsLocale',
    'BlocksContent',
  ],
};

const USERS_PERMISSIONS_RESULTS = ['plugin::users-permissions.user', 'plugin::users-permissions.role'];

/**
 * The types file's names the generated `index` re-exports, sorted: `CmsSchemaTypes` and
 * `CmsWebhookEvent`; per `api::` content type its entry, input, populatable, filters, populate and
 * model interfaces, its draft ones and its dynamic zones; per component the same less filters,
 * populate and model (named only inside their owners'); the entry of each plugin content type a
 * result holds (the users-permissions user and role of `client.auth` and `client.users`, and any
 * a relation of the above targets); and the named types of route bodies and responses.
 */
export function indexModelTypes(model: CodegenModel): string[] {
  const names = new Set<string>(['CmsSchemaTypes', 'CmsWebhookEvent']);
  const apiTypes = model.contentTypes.filter((type) => type.uid.startsWith('api::'));
  const owners = [...apiTypes, ...model.components];
  for (const owner of owners) {
    const { entry, input, populatable, filters, populate } = owner.names;
    names.add(entry).add(input).add(populatable);
    if ('kind' in owner) names.add(filters).add(populate).add(owner.names.model);
    for (const draft of [owner.draft.entry, owner.draft.populatable, owner.draft.input])
      if (draft !== null) names.add(draft);
    for (const attribute of owner.attributes)
      if (attribute.classification === 'dynamiczone') names.add(attribute.target);
  }
  const met = new Set(model.usersProperty === null && model.auth === null ? [] : USERS_PERMISSIONS_RESULTS);
  for (const owner of owners)
    for (const attribute of owner.attributes)
      if (attribute.classification === 'relation' && attribute.targetUid !== null)
        met.add(attribute.targetUid);
  for (const type of model.contentTypes)
    if (!type.uid.startsWith('api::') && met.has(type.uid)) names.add(type.names.entry);
  for (const definition of model.definitions) names.add(definition.name);
  return [...names].sort(compareCodeUnits);
}
