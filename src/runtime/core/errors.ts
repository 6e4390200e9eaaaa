/**
 * The error classes the client throws (and the one the webhook handler throws). Guards work
 * across realms (an error from another bundle copy or iframe), not only through `instanceof`.
 */

/**
 * The `name` Strapi gives an error (`error.name` in its body), or one derived from the status
 * when the body has none (a proxy's error page, say).
 */
export type CmsErrorName =
  | 'ValidationError'
  | 'BadRequestError'
  | 'PaginationError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'PolicyError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'PayloadTooLargeError'
  | 'RateLimitError'
  | 'ApplicationError'
  | 'InternalServerError'
  | (string & {});

/** One problem a `ValidationError` reports (Strapi's yup errors, or an unknown key). */
export interface CmsValidationIssue {
  /**
   * Where the problem is, one segment per key or index, e.g. `['blocks', '0', 'title']`; for an
   * unknown query key it starts with the query parameter (`['filters', 'titel']`).
   */
  path: string[];
  /** What is wrong, as Strapi words it. */
  message: string;
  /** The validator's error name, usually `ValidationError`. */
  name: string;
  /** The rejected value, when the server sends it. */
  value?: unknown;
}

/**
 * `details` by error name, as Strapi 5 sends them. Strapi sends none for names typed `undefined`;
 * names typed as a record always do (`{}` when the server sent none).
 */
export interface CmsErrorDetails {
  /**
   * `errors`: one issue per invalid field, or one naming the unknown key ("Invalid key nope"),
   * which Strapi refuses in a body always and in a query under `rest.strictParams`; Strapi then
   * sends `key`, the dotted `path` of its parent (or null; the key itself for a field no write
   * sets, like `createdAt`), `source` and, for a query, the top-level `param`, and the client
   * adds the issue. Absent when Strapi sent no details (e.g. "Invalid identifier or password").
   */
  ValidationError:
    | {
        /** One issue per invalid field or unknown key. */
        errors: CmsValidationIssue[];
        /** The unknown key. */
        key?: string;
        /** Dotted path of the unknown key's parent; null at the top level. */
        path?: string | null;
        /** Where the unknown key was: `query` or `body`. */
        source?: 'query' | 'body' | (string & {});
        /** For a query: the top-level parameter that holds the key (`filters`, `populate`...). */
        param?: string;
      }
    | undefined;
  /** 400 from `ctx.badRequest()` in a controller; also the name of a 4xx without Strapi's error body. */
  BadRequestError: Record<string, unknown>;
  /** 400 for invalid pagination: `page` or `pageSize` not an integer above 0, or page and offset mixed. */
  PaginationError: Record<string, unknown>;
  /** 401: the token is missing where one is needed, expired, revoked or invalid. */
  UnauthorizedError: undefined;
  /** 403: the token's role (the Public role without a token) lacks permission for this action. */
  ForbiddenError: undefined;
  /** 403 from a route policy that refused the request; Strapi's own policies send no details. */
  PolicyError: {
    /** The policy's name, when the policy put it in the details. */
    policy?: string;
    /** A message the policy put in the details. */
    message?: string;
  };
  /** 404: no such entry, file or route (a collection's `findOne` resolves `null` instead). */
  NotFoundError: undefined;
  /** 409 from `ctx.conflict()` in a controller, or a 409 without Strapi's error body. */
  ConflictError: Record<string, unknown>;
  /** 413: the body or an uploaded file is larger than the server accepts. */
  PayloadTooLargeError: undefined;
  /** 429: too many requests, e.g. from the users-permissions rate limit on the auth routes; retry later. */
  RateLimitError: Record<string, unknown>;
  /** Strapi answers 400 for an `ApplicationError` thrown by application code, not 500. */
  ApplicationError: Record<string, unknown>;
  /** An unhandled exception on the server (500); Strapi hides its message. */
  InternalServerError: undefined;
}

/**
 * A non-OK HTTP response from the CMS. (Its fields are set in the constructor, in this order,
 * rather than declared with initializers: a bundle for browsers without class fields turns each
 * declared field into a helper call.)
 */
export class CmsError extends Error {
  /** Always `CmsError`; the server's error name is in `errorName`. */
  declare readonly name: 'CmsError';
  /** The clean message the server sent. */
  declare readonly userMessage: string;
  /** HTTP status code, e.g. `404`. */
  declare readonly status: number;
  /** HTTP reason phrase, e.g. `Not Found`; empty over HTTP/2. */
  declare readonly statusText: string;
  /** The server's error name (`ValidationError`, `NotFoundError`, ...). */
  declare readonly errorName: CmsErrorName;
  /** Narrow with `isCmsErrorOf(error, name)`. */
  declare readonly details: unknown;
  /** The requested URL, when known, with secret query values masked (see `maskSecrets`). */
  declare readonly url: string | undefined;
  /** Marks instances for `isCmsError` across realms. */
  declare readonly isCmsError: true;

  /**
   * The client builds these from non-OK responses (failures.ts), with a `hint` of what to check
   * on a 401, 403, 404 or 500. `message` is `<status> <errorName>: <userMessage>`, then the hint
   * when there is one (none unless given: the table of hints loads with the failures part).
   */
  constructor(init: {
    status: number;
    statusText: string;
    userMessage: string;
    errorName: CmsErrorName;
    details?: unknown;
    url?: string | undefined;
    hint?: string | undefined;
  }) {
    const hint = init.hint;
    const separator = /[.!?]$/.test(init.userMessage) ? ' ' : '. ';
    super(`${init.status} ${init.errorName}: ${init.userMessage}${hint ? `${separator}${hint}` : ''}`);
    this.name = 'CmsError';
    this.userMessage = init.userMessage;
    this.status = init.status;
    this.statusText = init.statusText;
    this.errorName = init.errorName;
    this.details = init.details;
    this.url = init.url === undefined ? undefined : maskSecrets(init.url);
    this.isCmsError = true;
  }
}

/** The server could not be reached, or the request timed out. */
export class CmsConnectionError extends Error {
  /** Always `CmsConnectionError`. */
  declare readonly name: 'CmsConnectionError';
  /** The requested URL, with secret query values masked (see `maskSecrets`). */
  declare readonly url: string;
  /** Marks instances for `isCmsConnectionError` across realms. */
  declare readonly isCmsConnectionError: true;

  /** `cause` is the underlying error: fetch's rejection, or the parse error of a body that is not JSON. */
  constructor(message: string, url: string, cause?: unknown) {
    const shown = maskSecrets(url);
    super(
      shown === url ? message : message.replaceAll(url, shown),
      cause === undefined ? undefined : { cause },
    );
    this.name = 'CmsConnectionError';
    this.url = shown;
    this.isCmsConnectionError = true;
  }
}

/** Why `handleCmsWebhook` refused a delivery. */
export type CmsWebhookRejection = 'method' | 'secret' | 'content-type' | 'body' | 'event' | 'uid';

/**
 * A webhook delivery `handleCmsWebhook` refused: not a POST, a missing or wrong secret, not
 * JSON, or an event this client does not know. `status` is the HTTP status to answer with.
 */
export class CmsWebhookError extends Error {
  /** Always `CmsWebhookError`. */
  declare readonly name: 'CmsWebhookError';
  /** What was wrong with the delivery. */
  declare readonly reason: CmsWebhookRejection;
  /** The status to answer the sender with: 405, 401, 415, 400 or 422. */
  declare readonly status: 400 | 401 | 405 | 415 | 422;
  /** Marks instances for `isCmsWebhookError` across realms. */
  declare readonly isCmsWebhookError: true;

  /** `cause` is the underlying error (the JSON parser's, for a malformed body). */
  constructor(
    reason: CmsWebhookRejection,
    status: 400 | 401 | 405 | 415 | 422,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'CmsWebhookError';
    this.reason = reason;
    this.status = status;
    this.isCmsWebhookError = true;
  }
}

/** Why `handleCmsPreview` refused a request. */
export type CmsPreviewRejection = 'method' | 'secret' | 'uid' | 'document' | 'status' | 'locale' | 'path';

/**
 * A preview request `handleCmsPreview` refused: not a GET, a missing or wrong secret, a content
 * type without preview, or a parameter Strapi's preview handler would not send. `status` is the
 * HTTP status to answer with.
 */
export class CmsPreviewError extends Error {
  /** Always `CmsPreviewError`. */
  declare readonly name: 'CmsPreviewError';
  /** What was wrong with the request. */
  declare readonly reason: CmsPreviewRejection;
  /** The status to answer with: 405, 401, 404 (no preview for the content type) or 400. */
  declare readonly status: 400 | 401 | 404 | 405;
  /** Marks instances for `isCmsPreviewError` across realms. */
  declare readonly isCmsPreviewError: true;

  /** `reason` is what was wrong, `status` the answer to send, `message` says it for a log. */
  constructor(reason: CmsPreviewRejection, status: 400 | 401 | 404 | 405, message: string) {
    super(message);
    this.name = 'CmsPreviewError';
    this.reason = reason;
    this.status = status;
    this.isCmsPreviewError = true;
  }
}

/** Any `CmsPreviewError`, from this copy of the client or another one. */
export function isCmsPreviewError(error: unknown): error is CmsPreviewError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isCmsPreviewError?: unknown }).isCmsPreviewError === true
  );
}

/** Any `CmsWebhookError`, from this copy of the client or another one. */
export function isCmsWebhookError(error: unknown): error is CmsWebhookError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isCmsWebhookError?: unknown }).isCmsWebhookError === true
  );
}

/** Any `CmsError`, from this copy of the client or another one. */
export function isCmsError(error: unknown): error is CmsError {
  return (
    typeof error === 'object' && error !== null && (error as { isCmsError?: unknown }).isCmsError === true
  );
}

/** A `CmsError` with the given `errorName`, with `details` typed for it. */
export function isCmsErrorOf<N extends keyof CmsErrorDetails>(
  error: unknown,
  name: N,
): error is CmsError & { errorName: N; details: CmsErrorDetails[N] } {
  return isCmsError(error) && error.errorName === name;
}

/** Any `CmsConnectionError`, from this copy of the client or another one. */
export function isCmsConnectionError(error: unknown): error is CmsConnectionError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isCmsConnectionError?: unknown }).isCmsConnectionError === true
  );
}

/**
 * Query parameters whose values are secrets (confirmation and reset codes, OAuth tokens,
 * passwords): masked in debug logs and in the URLs errors carry.
 */
const SECRET_PARAMS =
  /^(?:code|confirmation|access_token|id_token|refresh_token|refreshToken|token|jwt|password|secret)$/i;

/** The URL with the values of secret query parameters replaced by `***`. */
export function maskSecrets(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  // Each `name=value` of the query: the name up to its first `=`, the value up to the next `&`.
  const query = url.slice(start).replace(/([?&])([^&=]*)=[^&]*/g, (pair, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // keep the raw name
    }
    return SECRET_PARAMS.test(decoded) ? `${separator}${name}=***` : pair;
  });
  return url.slice(0, start) + query;
}
