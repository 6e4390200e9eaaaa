/**
 * The two error classes the client throws. Guards work across realms (an error from another
 * bundle copy or iframe), not only through `instanceof`.
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

export interface CmsValidationIssue {
  path: string[];
  message: string;
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
   * `errors`: one issue per invalid field, or one naming the unknown key when `rest.strictParams`
   * rejects a query or body key ("Invalid key nope"); Strapi then also sends `key`, the dotted
   * `path` of its parent (or null), `source` and, for a query, the top-level `param`. Absent
   * when Strapi sent no details (e.g. "Invalid identifier or password").
   */
  ValidationError:
    | {
        errors: CmsValidationIssue[];
        key?: string;
        path?: string | null;
        source?: 'query' | 'body' | (string & {});
        param?: string;
      }
    | undefined;
  BadRequestError: Record<string, unknown>;
  PaginationError: Record<string, unknown>;
  UnauthorizedError: undefined;
  ForbiddenError: undefined;
  PolicyError: { policy?: string; message?: string };
  NotFoundError: undefined;
  ConflictError: Record<string, unknown>;
  PayloadTooLargeError: undefined;
  RateLimitError: Record<string, unknown>;
  /** Strapi answers 400 for an `ApplicationError` thrown by application code, not 500. */
  ApplicationError: Record<string, unknown>;
  /** An unhandled exception on the server (500); Strapi hides its message. */
  InternalServerError: undefined;
}

const HINTS: Record<number, string> = {
  401: 'Check that the token is valid and passed to the client config (token or setToken).',
  403: 'The token may lack permissions: check its type, or the roles and permissions in Strapi.',
  404: 'The endpoint may not exist: verify the content type exists and the client was generated from this server.',
  500: 'Internal server error: check the Strapi server logs.',
};

/** A non-OK HTTP response from the CMS. */
export class CmsError extends Error {
  override readonly name = 'CmsError' as const;
  /** The clean message the server sent. */
  readonly userMessage: string;
  readonly status: number;
  readonly statusText: string;
  /** The server's error name (`ValidationError`, `NotFoundError`, ...). */
  readonly errorName: CmsErrorName;
  /** Narrow with `isCmsErrorOf(error, name)`. */
  readonly details: unknown;
  /** The requested URL, when known. */
  readonly url: string | undefined;
  /** Marks instances for `isCmsError` across realms. */
  readonly isCmsError = true as const;

  constructor(init: {
    status: number;
    statusText: string;
    userMessage: string;
    errorName: CmsErrorName;
    details?: unknown;
    url?: string | undefined;
  }) {
    const hint = HINTS[init.status];
    const separator = /[.!?]$/.test(init.userMessage) ? ' ' : '. ';
    super(`${init.status} ${init.errorName}: ${init.userMessage}${hint ? `${separator}${hint}` : ''}`);
    this.status = init.status;
    this.statusText = init.statusText;
    this.userMessage = init.userMessage;
    this.errorName = init.errorName;
    this.details = init.details;
    this.url = init.url;
  }
}

/** The server could not be reached, or the request timed out. */
export class CmsConnectionError extends Error {
  override readonly name = 'CmsConnectionError' as const;
  /** The requested URL. */
  readonly url: string;
  readonly isCmsConnectionError = true as const;

  constructor(message: string, url: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.url = url;
  }
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

export function isCmsConnectionError(error: unknown): error is CmsConnectionError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isCmsConnectionError?: unknown }).isCmsConnectionError === true
  );
}
