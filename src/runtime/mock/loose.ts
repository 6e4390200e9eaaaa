/**
 * An object of a request or of an entry, read by name: the keys the mock reads are declared (a
 * declared key reads as `object.key` under `noPropertyAccessFromIndexSignature`, which a
 * consumer's Biome would otherwise want as `object['key']` the other way round).
 */
export interface Loose {
  [key: string]: unknown;
  // An entry's system fields and a zone item's component.
  id?: unknown;
  documentId?: unknown;
  publishedAt?: unknown;
  createdAt?: unknown;
  updatedAt?: unknown;
  locale?: unknown;
  __component?: unknown;
  // A query and a populated attribute's options.
  filters?: unknown;
  sort?: unknown;
  fields?: unknown;
  populate?: unknown;
  pagination?: unknown;
  status?: unknown;
  _q?: unknown;
  on?: unknown;
  count?: unknown;
  // A relation's input, a write's body, the users-permissions bodies and users.
  set?: unknown;
  connect?: unknown;
  disconnect?: unknown;
  data?: unknown;
  identifier?: unknown;
  password?: unknown;
  refreshToken?: unknown;
  username?: unknown;
  email?: unknown;
  confirmed?: unknown;
  blocked?: unknown;
}

/** Whether `value` is a plain object (not null, not an array). */
export const isLoose = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
