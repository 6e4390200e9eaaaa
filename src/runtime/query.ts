/**
 * Query strings exactly as Strapi reads them back (`qs.parse` with `strictNullHandling`,
 * `arrayLimit: 100`, `depth: 20`): brackets for nesting, indices for arrays, values encoded,
 * `null` as a bare key.
 */

/** Strapi parses an array longer than this as an object with numeric keys. */
export const ARRAY_LIMIT = 100;

export function toQueryString(params: object | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) append(parts, encodeKey(key), value);
  return parts.join('&');
}

function append(parts: string[], key: string, value: unknown): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (value === null) {
    parts.push(key);
    return;
  }
  if (value instanceof Date) {
    parts.push(`${key}=${encodeURIComponent(value.toISOString())}`);
    return;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) append(parts, `${key}[${index}]`, item);
    return;
  }
  if (typeof value === 'object') {
    for (const child of Object.keys(value)) {
      append(parts, `${key}[${encodeKey(child)}]`, (value as Record<string, unknown>)[child]);
    }
    return;
  }
  parts.push(`${key}=${encodeURIComponent(String(value))}`);
}

/** Keys keep their brackets readable; everything else is percent-encoded. */
function encodeKey(key: string): string {
  return encodeURIComponent(key);
}
