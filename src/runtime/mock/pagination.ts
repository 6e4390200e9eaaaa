/**
 * `pagination` as Strapi 5.54 pages a REST `find`, from its sources:
 * - @strapi/core dist/core-api/service/pagination.js: `getPaginationInfo` (the start and limit,
 *   with `api.rest.defaultLimit`, default 25, and `api.rest.maxLimit`, none when unset),
 *   `shouldCount` (`pagination[withCount]`, else `api.rest.withCount`, default true),
 *   `isPagedPagination` and `transformPaginationResponse` (the meta);
 * - @strapi/utils dist/pagination.js: `withDefaultPagination` (page and offset forms, minimums,
 *   the max limit, `limit: -1`) and the meta of each form;
 * - @strapi/core dist/services/document-service/repository.js `checkPagination`
 *   (`api.documents.strictParams`) and @strapi/utils dist/convert-query-params.js
 *   `convertStartQueryParams`/`convertLimitQueryParams`: a start or limit that is not a whole
 *   number answers 400.
 * The values come from the query string as text; Strapi computes with them as JavaScript does
 * (`'2' - 1`, `Math.max('10', 1)`), and so does this file. Two consequences: `page` 0 or below is
 * page 1, and `pagination[limit]=-1` sent as text is no "no limit" but a limit of 1 (only the
 * number -1 is).
 */
import { MockBadRequest } from './errors.ts';

/**
 * The Strapi configuration pagination depends on. The defaults are a fresh Strapi 5.54 app's
 * `config/api.ts` (create-strapi-app's template): `rest: { defaultLimit: 25, maxLimit: 100,
 * withCount: true }`, `documents: { strictParams: true }`.
 */
export interface PaginationConfig {
  /** `api.rest.defaultLimit`: the page size when none is asked (Strapi's own default is 25 too). */
  readonly defaultLimit?: number | undefined;
  /** `api.rest.maxLimit`: the largest page size; `null` for none (Strapi's default). */
  readonly maxLimit?: number | null | undefined;
  /** `api.rest.withCount`: count the entries when `pagination[withCount]` is not sent. */
  readonly withCount?: boolean | undefined;
  /** `api.documents.strictParams`: which message a start or limit that is not whole gets. */
  readonly strictParams?: boolean | undefined;
}

/** A page of a `find`: the rows to skip, to take (-1: all the rest), and `meta.pagination`. */
export interface Page {
  /** The matching entries to skip. */
  readonly start: number;
  /** The entries to take after them; -1 takes all the rest. */
  readonly limit: number;
  /** The answer's `meta.pagination`: `{ page, pageSize, pageCount, total }` or `{ start, limit, total }`. */
  readonly meta: Record<string, unknown>;
}

/**
 * The page `pagination` (a REST query's `pagination` as `readQuery` reads it) asks for among
 * `total` matching entries, and the `meta.pagination` Strapi answers with. Throws
 * `MockBadRequest` for pagination Strapi refuses with 400: page and offset forms mixed (a
 * `PaginationError`), a start or limit that is not a whole number, a `withCount` that is no
 * boolean.
 */
export function pageOf(pagination: unknown, total: number, config: PaginationConfig = {}): Page {
  const defaultLimit = Number(config.defaultLimit ?? 25);
  // `toNumber(maxLimit) || null`, then `maxLimit || -1`: null, 0 or NaN mean no maximum.
  const maxLimit = Number(config.maxLimit === undefined ? 100 : (config.maxLimit ?? Number.NaN)) || -1;
  const args: Record<string, unknown> = isObjectLike(pagination) ? pagination : {};
  const get = (key: string): unknown => (Object.hasOwn(args, key) ? args[key] : undefined);
  const page = get('page');
  const pageSize = get('pageSize');
  const usePage = !isNil(page) || !isNil(pageSize);
  const useOffset = !isNil(get('start')) || !isNil(get('limit'));
  const ensure = (start: unknown, limit: unknown): [number, number] => {
    const least = limit === -1 ? -1 : Math.max(Number(limit), 1);
    return [Math.max(Number(start), 0), maxLimit === -1 || least < maxLimit ? least : maxLimit];
  };
  let start: number;
  let limit: number;
  if (!usePage && !useOffset) [start, limit] = ensure(0, defaultLimit);
  else if (usePage && useOffset)
    throw new MockBadRequest(
      'Cannot use both page & offset pagination in the same query',
      {},
      'PaginationError',
    );
  else {
    let rawStart: unknown;
    let rawLimit: unknown;
    if (useOffset) {
      rawStart = get('start') === undefined ? 0 : get('start');
      rawLimit = get('limit') === undefined ? defaultLimit : get('limit');
    } else {
      const size = isNil(pageSize) ? defaultLimit : Math.max(1, Number(pageSize));
      rawLimit = ensure(0, size)[1];
      rawStart = (Number(page === undefined ? 1 : page) - 1) * (rawLimit as number);
    }
    if (rawLimit === -1) rawLimit = maxLimit;
    [start, limit] = ensure(rawStart, rawLimit);
  }
  checkWhole(start, limit, config.strictParams ?? true);
  const count = shouldCount(args, config.withCount ?? true);
  const paged =
    ['page', 'pageSize'].some((key) => Object.hasOwn(args, key)) ||
    !['start', 'limit'].some((key) => Object.hasOwn(args, key));
  // Without a count, `total` and `pageCount` are left out.
  let meta: Record<string, unknown>;
  if (paged) {
    const at = { page: Math.floor(start / limit) + 1, pageSize: limit };
    meta = count ? { ...at, pageCount: limit > 0 ? Math.ceil(total / limit) : 0, total } : at;
  } else meta = count ? { start, limit, total } : { start, limit };
  return { start, limit, meta };
}

/** The document service's checks of the start and limit (strict), else the query converter's. */
function checkWhole(start: number, limit: number, strict: boolean): void {
  if (strict) {
    if (!(Number.isInteger(start) && start >= 0))
      throw new MockBadRequest(`Invalid parameter at 'start'. Expected integer >= 0, received: ${start}`);
    if (!(Number.isInteger(limit) && (limit >= 1 || limit === -1)))
      throw new MockBadRequest(
        `Invalid parameter at 'limit'. Expected integer >= 1 or -1, received: ${limit}`,
      );
    return;
  }
  if (!Number.isInteger(start) || start < 0)
    throw new MockBadRequest(`convertStartQueryParams expected a positive integer got ${start}`);
  if (!Number.isInteger(limit) || (limit !== -1 && limit < 0))
    throw new MockBadRequest(`convertLimitQueryParams expected a positive integer got ${limit}`);
}

/** core-api/service/pagination.js `shouldCount`. */
function shouldCount(args: Record<string, unknown>, fallback: boolean): boolean {
  const key = 'withCount';
  if (!Object.hasOwn(args, key)) return fallback;
  const withCount = args[key];
  if (typeof withCount === 'boolean') return withCount;
  if (withCount === undefined) return false;
  if (withCount === 'true' || withCount === 't' || withCount === '1' || withCount === 1) return true;
  if (withCount === 'false' || withCount === 'f' || withCount === '0' || withCount === 0) return false;
  throw new MockBadRequest('Invalid withCount parameter. Expected "t","1","true","false","0","f"');
}

function isNil(value: unknown): boolean {
  return value === undefined || value === null;
}

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
