/**
 * Names a model may not take. Type names: every name the runtime module exports (the generated
 * files import from it, and `index` re-exports it beside the types), the names the generated files
 * declare themselves, and the globals generated code refers to. Client properties: the members of
 * `CmsClientCore` and of the generated class, and what every object has. Both start from the
 * surface the build derived from `src/runtime/index.ts`.
 */
import type { RuntimeSurface } from './runtime-assets.ts';

/** Declared by the generated types and client files themselves. */
export const GENERATED_NAMES = [
  'CmsSchemaTypes',
  'CmsClient',
  'CmsContentTypeUid',
  'CmsEntry',
  'CmsQuery',
  'CmsFilters',
  'CMS_TYPES_VERSION',
  'SCHEMA_HASH',
  'AUTH_MODE',
  'SortOption',
] as const;

/** TypeScript and platform globals the generated code refers to, or might. */
const GLOBAL_NAMES = [
  'Record',
  'Array',
  'ReadonlyArray',
  'Partial',
  'Required',
  'Readonly',
  'Pick',
  'Omit',
  'Exclude',
  'Extract',
  'NonNullable',
  'Awaited',
  'Date',
  'Promise',
  'String',
  'Number',
  'Boolean',
  'Object',
  'Function',
  'Symbol',
  'BigInt',
  'Error',
  'Map',
  'Set',
  'JSON',
  'FormData',
  'Blob',
  'File',
  'Response',
  'Request',
  'Headers',
  'RequestInit',
  'URL',
  'AbortController',
  'AbortSignal',
];

/** Every name the runtime module exports, public or for the generated client. */
export function runtimeExports(surface: RuntimeSurface): string[] {
  return [
    ...surface.public.values,
    ...surface.public.types,
    ...surface.internal.values,
    ...surface.internal.types,
  ].sort();
}

export function reservedTypeNames(surface: RuntimeSurface): string[] {
  return [...runtimeExports(surface), ...GENERATED_NAMES, ...GLOBAL_NAMES];
}

/** Members the generated class adds beside the content types. */
const CLIENT_MEMBERS = ['auth', 'upload', 'i18n', 'config', 'constructor', 'prototype'];

/** Members every object has. */
export const OBJECT_MEMBERS = [
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

export function reservedClientMembers(surface: RuntimeSurface): ReadonlySet<string> {
  return new Set([...surface.coreMembers, ...CLIENT_MEMBERS, ...OBJECT_MEMBERS]);
}
