/**
 * One request as the core sent it and what came back (`Attempt`), and the request functions the
 * session flow (session/flow.ts, loaded on first use) reaches the core through (`CorePort`).
 */
import type { CallOptions, CmsCredentials, CmsRequestInfo, SentHeaders } from '../types/request.ts';
import type { SessionExchange } from '../types/session.ts';
import type { CmsConnectionError, CmsError } from './errors.ts';

/**
 * One request as sent, and what came back.
 * @internal
 */
export interface Attempt extends SessionExchange {
  /** HTTP method. */
  method: string;
  /** The full URL, query string included. */
  url: string;
  /** What `onRequest` saw; `onError` gets it with `Headers` made from a plain record. */
  info: Omit<CmsRequestInfo, 'headers'> & {
    /** The headers as sent: a plain record unless a hook or an option needed `Headers`. */
    headers: SentHeaders;
  };
  /**
   * `performance.now()` when it was sent, for the debug log's duration; 0 without `debug`: a
   * request reads no clock unless asked (Next.js's prerendering refuses `Date.now()`).
   */
  started: number;
  /** The answer, once one came. */
  response?: Response | undefined;
  /** The whole body as text. */
  text: string;
  /** Why no response could be read. */
  failure?: CmsConnectionError | undefined;
}

/** What the session flow uses of the client core (`CmsClientCore` itself). @internal */
export interface CorePort {
  /** The checked config: the flow reads `baseURL` and `credentials`, and the token. */
  readonly core: {
    readonly baseURL: string;
    readonly credentials: CmsCredentials | undefined;
    token: string | undefined;
  };
  /** Sends one request and reads the whole answer. */
  send(path: string, options: CallOptions): Promise<Attempt>;
  /** Turns an attempt into its result, or reports and throws its error. */
  settle<T>(attempt: Attempt, options: CallOptions): Promise<T>;
  /** Reports a failed attempt (debug log, `onError`) and throws its error. */
  fail(attempt: Attempt, error: CmsError | CmsConnectionError | undefined): Promise<never>;
  /** The debug log line of an attempt. */
  log(attempt: Attempt, status: number | string): void;
}
