/**
 * The runtime's parts loaded on first use, as the tests expect them in every output and in the
 * package. Written out once here (not derived from the build), so a part that appears or goes
 * away fails the tests that list files until this list says so.
 */
export const RUNTIME_PARTS = [
  'runtime-auth-methods',
  'runtime-custom-routes',
  'runtime-failures',
  'runtime-request-extras',
  'runtime-session-flow',
  'runtime-upload-methods',
  'runtime-users-methods',
  'runtime-writes',
] as const;

/** The part files of one output format, in name order. */
export function partFiles(extension: 'js' | 'ts'): string[] {
  return RUNTIME_PARTS.map((part) => `${part}.${extension}`);
}
