/** The `index` file: the client, and what users use of the runtime and the types (index-exports.ts). */
import type { Dialect } from './dialect.ts';
import { INDEX_RUNTIME_EXPORTS, indexModelTypes } from './index-exports.ts';
import type { CodegenModel } from './model.ts';
import { type ImportExtension, moduleSpecifier } from './specifiers.ts';

export function emitIndex(model: CodegenModel, dialect: Dialect, extension: ImportExtension = 'js'): string {
  const from = (module: string) => `'${moduleSpecifier(module, extension)}'`;
  const lines = [
    `export * from ${from('client')};`,
    `export { ${INDEX_RUNTIME_EXPORTS.values.join(', ')} } from ${from('runtime/index')};`,
    `export { cmsFields, cmsValidators } from ${from('validators')};`,
  ];
  if (dialect.types)
    lines.push(
      `export type { ${INDEX_RUNTIME_EXPORTS.types.join(', ')} } from ${from('runtime/index')};`,
      `export type { ${indexModelTypes(model).join(', ')} } from ${from('types')};`,
      `export type { CmsFields, CmsValidators } from ${from('validators')};`,
    );
  return `${lines.join('\n')}\n`;
}
