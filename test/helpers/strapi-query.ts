/**
 * How Strapi 5 reads a query string (qs with the options @strapi/core's query middleware sets),
 * and what it should read back from `toQueryString(value)`: the reference the query writer's
 * and the mock Strapi's reader's tests compare with.
 */
import qs from 'qs';

/** A query string as Strapi 5.54 parses it. */
export function strapiParse(query: string): unknown {
  return qs.parse(query, { strictNullHandling: true, arrayLimit: 100, depth: 20 });
}

/**
 * What Strapi should read back: scalars as strings, Dates as ISO strings, `null` kept, `undefined`
 * dropped, and arrays or objects that end up empty dropped too. `undefined` when nothing is left.
 */
export function normalize(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const items = value.map(normalize).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, child]) => [key, normalize(child)] as const)
      .filter(([, child]) => child !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return String(value);
}
