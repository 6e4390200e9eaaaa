/**
 * Failures turned into the two error classes: a non-OK response into a `CmsError` (Strapi's
 * `{data: null, error: {status, name, message, details}}` body), a rejected fetch into a
 * `CmsConnectionError` whose message names the likely cause. And the queries the client could
 * not write as given (`queryText`): `toQueryString` fits their long lists or explains them. And
 * the check of the server's schema against the client's (`validateSchema`), with its warning.
 */
import type { Attempt } from './core/attempt.ts';
import type { CmsClientConfig } from './core/config.ts';
import { CmsConnectionError, CmsError, type CmsErrorName, type CmsValidationIssue } from './core/errors.ts';
import { segmentError } from './core/path-segment.ts';
import { toQueryString } from './query/to-query-string.ts';
import type { CmsRequestInfo, RequestOptions, SchemaValidation } from './types/request.ts';

/** What `connectionError` words its message with: the client's configuration. */
export interface ConnectionContext {
  /** The configured base URL, named in the messages. */
  baseURL: string;
  /** The configured timeout, named when it aborted the request. */
  timeout: number | undefined;
}

/** A rejected fetch (or body read) as a `CmsConnectionError`; `timedOut`: the client's own timeout aborted it. */
export function connectionError(
  error: unknown,
  url: string,
  context: ConnectionContext,
  timedOut: boolean,
): CmsConnectionError {
  if (timedOut)
    return new CmsConnectionError(`Request timed out after ${context.timeout} ms: ${url}`, url, error);
  const code = causeCode(error);
  if (code === 'ECONNREFUSED') {
    return new CmsConnectionError(
      `Could not connect to the CMS at ${context.baseURL}. Is the server running?`,
      url,
      error,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new CmsConnectionError(
      `Could not resolve host ${hostOf(url)}. Check the baseURL (${context.baseURL}).`,
      url,
      error,
    );
  }
  return new CmsConnectionError(
    `Network error: ${causeMessages(error)}. Check the baseURL (${context.baseURL}).`,
    url,
    error,
  );
}

/**
 * The messages along an error's `cause` chain: fetch rejects with a bare "fetch failed" or
 * "terminated" and keeps the telling part ("other side closed", "read ECONNRESET") in `cause`.
 */
function causeMessages(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const message =
      typeof current === 'object' ? (current as { message?: unknown }).message : String(current);
    if (typeof message === 'string' && message !== '' && !messages.includes(message)) messages.push(message);
    if (typeof current !== 'object') break;
    current = (current as { cause?: unknown }).cause;
  }
  return messages.length > 0 ? messages.join(': ') : 'unknown error';
}

/** The first `code` (ECONNREFUSED, ENOTFOUND...) along an error's `cause` chain. */
export function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A short description of a body that is not the JSON we expected. */
export function describeBody(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('<')) return 'an HTML page, often from a proxy in front of the CMS';
  return trimmed === '' ? 'empty' : `starts with ${JSON.stringify(trimmed.slice(0, 40))}`;
}

/** What `RequestOptions.envelope` asks of a body, as error messages name it. */
const STRAPI_ENVELOPE = "Strapi's { data } envelope";

/** What a 2xx answer's body was instead of what the request expects. */
const UNEXPECTED_BODIES = {
  empty: `an empty body, not ${STRAPI_ENVELOPE}`,
  json: 'a body that is not JSON',
  envelope: `a body that is not ${STRAPI_ENVELOPE}`,
};

/** A 2xx answer whose body is not what the request expects. */
export function unexpectedBody(
  attempt: Attempt,
  what: keyof typeof UNEXPECTED_BODIES,
  cause?: unknown,
): CmsConnectionError {
  const body = attempt.text ? ` (${describeBody(attempt.text)})` : '';
  return new CmsConnectionError(
    `The server at ${attempt.url} answered ${attempt.status} with ${UNEXPECTED_BODIES[what]}${body}.`,
    attempt.url,
    cause,
  );
}

/** What to check next, by status: the end of a `CmsError`'s message. */
const HINTS: Record<number, string> = {
  401: 'Check that the token is valid and passed to the client config (token or setToken).',
  403: 'The token may lack permissions: check its type, or the roles and permissions in Strapi.',
  404: 'The endpoint may not exist: verify the content type exists and the client was generated from this server.',
  500: 'Internal server error: check the Strapi server logs.',
};

/** A non-OK response as a `CmsError`, from Strapi's error body when there is one. */
export function errorFromResponse(response: Response, text: string, url?: string): CmsError {
  let parsed: { error?: { name?: unknown; message?: unknown; details?: unknown } } | undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const error = parsed !== null && typeof parsed === 'object' ? parsed.error : undefined;
  const errorName = (
    typeof error?.name === 'string' && error.name !== '' ? error.name : defaultErrorName(response.status)
  ) as CmsErrorName;
  const userMessage =
    typeof error?.message === 'string' && error.message !== ''
      ? error.message
      : `${response.status} ${response.statusText || 'error'}${text ? ` (${describeBody(text)})` : ''}`;
  return new CmsError({
    status: response.status,
    statusText: response.statusText,
    userMessage,
    errorName,
    details: normalizeDetails(errorName, error?.details, userMessage),
    url: url ?? (response.url || undefined),
    hint: HINTS[response.status],
  });
}

/** Error names whose `details` are typed as a record (see `CmsErrorDetails`). */
const RECORD_DETAILS = new Set<string>([
  'BadRequestError',
  'PaginationError',
  'PolicyError',
  'ConflictError',
  'RateLimitError',
  'ApplicationError',
]);

/**
 * `details` in the shape `CmsErrorDetails` promises. Strapi sends `{}` for "no details" (and
 * omits the key for a 500): names typed as a record get `{}` when details are missing, the
 * others `undefined` when details are empty. Non-empty details are kept as sent; a
 * ValidationError's always get an `errors` list.
 */
function normalizeDetails(errorName: string, details: unknown, message: string): unknown {
  const record =
    details !== null && typeof details === 'object' && !Array.isArray(details)
      ? (details as { errors?: unknown; key?: unknown; param?: unknown; path?: unknown })
      : undefined;
  if (RECORD_DETAILS.has(errorName)) return record ?? {};
  if (details === null || (record && Object.keys(record).length === 0)) return undefined;
  if (errorName !== 'ValidationError') return details;
  if (!record) return undefined;
  if (Array.isArray(record.errors)) return record;
  return { ...record, errors: typeof record.key === 'string' ? [unknownKeyIssue(record, message)] : [] };
}

/**
 * The issue for Strapi's "Invalid key" details (`{key, path, source, param?}`): its path runs
 * from the query parameter (or the body's `data`) through the parent path to the key.
 */
function unknownKeyIssue(
  details: { key?: unknown; param?: unknown; path?: unknown },
  message: string,
): CmsValidationIssue {
  const path: string[] = [];
  if (typeof details.param === 'string' && details.param !== details.key) path.push(details.param);
  if (typeof details.path === 'string' && details.path !== '') path.push(...details.path.split('.'));
  path.push(details.key as string);
  return { path, message, name: 'ValidationError' };
}

/** The errorName for a response without Strapi's error body (e.g. from a proxy), by status. */
const NAMES_BY_STATUS: Record<number, CmsErrorName> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  408: 'RequestTimeoutError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  429: 'RateLimitError',
  500: 'InternalServerError',
  501: 'NotImplementedError',
  502: 'BadGatewayError',
  503: 'ServiceUnavailableError',
  504: 'GatewayTimeoutError',
};

function defaultErrorName(status: number): CmsErrorName {
  return NAMES_BY_STATUS[status] ?? (status >= 500 ? 'InternalServerError' : 'BadRequestError');
}

/**
 * The error a failed attempt throws (`error`, else its connection error), once `onError` has
 * seen it with the request, whose headers it gets as `Headers` even when sent as a plain record.
 */
export function reportFailure(
  attempt: Attempt,
  error: CmsError | CmsConnectionError | undefined,
  onError: CmsClientConfig['onError'],
): CmsError | CmsConnectionError {
  const failure = error ?? attempt.failure ?? new CmsConnectionError('No response.', attempt.url);
  if (onError) {
    const info = attempt.info;
    if (!(info.headers instanceof Headers)) info.headers = new Headers(info.headers);
    onError(failure, info as CmsRequestInfo);
  }
  return failure;
}

/** `toQueryString` (query/to-query-string.ts), for the client's queries that `queryText` left to it. */
export const fitOrExplainQuery: (params: object | undefined) => string = toQueryString;

/**
 * What the schema check uses of the client (`CmsClientCore`, which loads this module: the
 * module names the two methods rather than importing the class back).
 */
export interface SchemaCheckClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  validateSchema(): Promise<SchemaValidation>;
}

/** `client.validateSchema()`: the server's schema hash against `localHash`, the client's. Never throws. */
export async function checkSchema(client: SchemaCheckClient, localHash: string): Promise<SchemaValidation> {
  try {
    const body = await client.request<{ hash?: unknown }>('cms-typed-client/schema-hash');
    if (typeof body?.hash !== 'string')
      return { valid: false, localHash, error: 'the server answered without a hash' };
    return { valid: body.hash === localHash, localHash, remoteHash: body.hash };
  } catch (error) {
    return { valid: false, localHash, error: error instanceof Error ? error.message : String(error) };
  }
}

/** `validateSchema: true`: warns on the console when the server's schema differs or cannot be read. */
export async function warnIfSchemaDiffers(client: SchemaCheckClient): Promise<void> {
  const result = await client.validateSchema();
  if (result.valid) return;
  console.warn(
    result.error === undefined
      ? `[CmsClient] The server's schema (${result.remoteHash}) differs from the one this client was generated from (${result.localHash}). Run \`cms-types generate\` to update the client.`
      : `[CmsClient] Could not check the schema: ${result.error}`,
  );
}

/** Why a content type's `documentId` cannot address an entry (`path` is the type's path). */
export function documentIdError(path: string, documentId: unknown): TypeError {
  return typeof documentId === 'string' && documentId !== ''
    ? segmentError(documentId, `${path}: the documentId`)
    : new TypeError(
        `${path}: a documentId must be a non-empty string (Strapi 5 addresses entries by documentId, not the numeric id), got ${JSON.stringify(documentId)}`,
      );
}
