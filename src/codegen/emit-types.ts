/**
 * Model -> the text of `types.ts`: only interfaces and type aliases (no values), so the same text
 * is valid as `types.ts` and as `types.d.ts`. Its one import is type-only, from the runtime
 * module: the types every schema shares (media, relation inputs, blocks, the response envelope),
 * which it re-exports, the field conditions (`TextFilter`, `DateFilter`...) its per-model
 * `<Name>Filters` interfaces use, and the populate aliases (`PopulateRelation`...) its
 * `<Name>Populate` interfaces use. Pure and deterministic: models come sorted by uid,
 * attributes in schema order, and every name was resolved by the model step. No header: the
 * writer adds one.
 *
 * Per model, in this order: its interfaces (emit-entities.ts), its draft declarations
 * (emit-drafts.ts), its filters (emit-filters.ts), its populate interface (emit-populate.ts) and
 * its model, what the registry holds for it (emit-registry.ts); then the aliases of the routes'
 * shared schemas (emit-routes.ts), the registry (emit-registry.ts) and `CmsWebhookEvent`, the
 * union of the webhook events the runtime computes from it.
 */

import { draftTargets } from './drafts.ts';
import { componentDraftDeclarations, contentTypeDraftDeclarations } from './emit-drafts.ts';
import { componentDeclarations, contentTypeDeclarations } from './emit-entities.ts';
import { componentFilters, contentTypeFilters, FilterContext } from './emit-filters.ts';
import { PopulateOptions, populateInterface } from './emit-populate.ts';
import { componentModel, contentTypeModel, registry } from './emit-registry.ts';
import { definitionDeclarations, schemaNames } from './emit-routes.ts';
import type { CodegenModel } from './model-types.ts';
import { type RuntimeSurface, runtimeAssets } from './runtime-assets.ts';
import { type ImportExtension, moduleSpecifier } from './specifiers.ts';

/** The union of webhook events, computed by the runtime from the registry (one line per schema). */
const WEBHOOK_EVENT = [
  '/** Every webhook event Strapi sends for this schema, discriminated by `event` and `uid`; `handleCmsWebhook` checks and returns one. */',
  'export type CmsWebhookEvent = WebhookEvent<CmsSchemaTypes>;',
].join('\n');

export function emitTypes(
  model: CodegenModel,
  surface: RuntimeSurface = runtimeAssets().surface,
  extension: ImportExtension = 'js',
): string {
  const filters = new FilterContext(model);
  const populate = new PopulateOptions();
  const targets = draftTargets([...model.contentTypes, ...model.components]);
  const names = schemaNames(model);
  const shared = surface.typesFile;
  const blocks: string[] = [
    `/** The types every schema shares, declared by the runtime module. */\nexport type { ${shared.join(', ')} };`,
  ];
  for (const contentType of model.contentTypes) {
    blocks.push(
      ...contentTypeDeclarations(contentType),
      ...contentTypeDraftDeclarations(contentType, targets),
      contentTypeFilters(contentType, filters),
      populateInterface(contentType, populate),
      contentTypeModel(contentType, names),
    );
  }
  for (const component of model.components) {
    blocks.push(
      ...componentDeclarations(component),
      ...componentDraftDeclarations(component, targets),
      componentFilters(component, filters),
      populateInterface(component, populate),
      componentModel(component),
    );
  }
  blocks.push(...definitionDeclarations(model), registry(model), WEBHOOK_EVENT);
  const imported = [...shared, ...filters.used(), ...populate.used(), 'WebhookEvent'].sort();
  return `import type { ${imported.join(', ')} } from '${moduleSpecifier('runtime/index', extension)}';\n\n${blocks.join('\n\n')}\n`;
}
