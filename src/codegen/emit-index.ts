/** The `index` file: the client, and what users use of the runtime and the types (index-exports.ts). */
import type { Dialect } from './dialect.ts';
import { INDEX_RUNTIME_EXPORTS, indexModelTypes } from './index-exports.ts';
import type { CodegenModel } from './model.ts';

export function emitIndex(model: CodegenModel, dialect: Dialect): string {
  const lines = [
    "export * from './client.js';",
    `export { ${INDEX_RUNTIME_EXPORTS.values.join(', ')} } from './runtime/index.js';`,
  ];
  if (dialect.types)
    lines.push(
      `export type { ${INDEX_RUNTIME_EXPORTS.types.join(', ')} } from './runtime/index.js';`,
      `export type { ${indexModelTypes(model).join(', ')} } from './types.js';`,
    );
  return `${lines.join('\n')}\n`;
}
