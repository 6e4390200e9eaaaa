/**
 * Values as URL path segments: percent-encoded (`/`, `?`, `#` and `%` included), and never `.` or
 * `..`, which URL parsing resolves against the path and would send to another route. The core
 * runs only `segmentOf`; the errors that say why a value cannot be a segment are copied into the
 * parts that throw them (COPIED_INTO_PARTS in scripts/runtime-build.ts).
 */

/** `value` as one path segment, or `undefined` when it cannot be one (`.`, `..`, a lone surrogate). */
export function segmentOf(value: string): string | undefined {
  if (value === '.' || value === '..') return undefined;
  try {
    return encodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Why `value` cannot be a path segment; `label` names it. */
export function segmentError(value: string, label: string): TypeError {
  return new TypeError(
    value === '.' || value === '..'
      ? `${label} may not be ${JSON.stringify(value)}: as a path segment it would address another route`
      : `${label} is not well-formed text (it contains a lone UTF-16 surrogate)`,
  );
}

/** `value` as one path segment; a TypeError naming `label` when it cannot be one. */
export function pathSegment(value: string, label: string): string {
  const segment = segmentOf(value);
  if (segment === undefined) throw segmentError(value, label);
  return segment;
}
