/**
 * What a request needs beyond a plain read with the client's token, loaded the first time a
 * request needs it: a body, another token (auth routes, the session), the `onRequest` hook,
 * headers from cache options, credentials, a manual redirect, the timeout and a caller's signal.
 * A page that only reads with the client's defaults never downloads it.
 */
import type { Attempt } from './core/attempt.ts';
import type { ResolvedConfig } from './core/config.ts';
import type { CallOptions, CmsRequestInfo, SentHeaders, SentInit } from './types/request.ts';
import type { SessionState } from './types/session.ts';

/** What `send` does with a request once it was shaped. */
export interface Shaped {
  /** The client's timeout (`AbortSignal.timeout`): aborted once it expired, whoever cancelled the request. */
  readonly timeout: AbortSignal | undefined;
}

/**
 * Completes the plain request `send` built: the token and headers (a `Headers` when a hook or an
 * option works on them), the body, `onRequest`, credentials, the redirect mode, and the timeout
 * and the caller's signal. Sets the attempt's record of which token went.
 */
export async function shapeRequest(
  core: ResolvedConfig,
  options: CallOptions,
  session: SessionState<Attempt> | undefined,
  attempt: Attempt,
  init: SentInit,
): Promise<Shaped> {
  const auth = options.auth;
  const ownToken = session?.ownsToken === true ? core.token : undefined;
  const token =
    auth?.anonymous === true
      ? undefined
      : (auth?.bearer ?? (auth?.publicRoute === true && ownToken !== undefined ? undefined : core.token));
  const authorization = token ? `Bearer ${token}` : null;
  const cache = options.cacheOptions;
  const custom = cache?.headers;
  const record: { Accept: string; Authorization?: string; 'Content-Type'?: string } = {
    Accept: 'application/json',
  };
  if (authorization !== null) record.Authorization = authorization;
  if (options.body instanceof FormData) init.body = options.body;
  else if (options.body !== undefined) {
    record['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  // fetch reads a plain record faster than Headers. Headers when a hook or an option works on the
  // headers, or when the token has a character Headers rejects or trims (and throws for).
  const headers: SentHeaders =
    core.onRequest || custom || (token && !/^[!-~]+$/.test(token)) ? new Headers(record) : record;
  init.headers = headers;
  attempt.info.headers = headers;
  let sent = authorization;
  if (headers instanceof Headers) {
    for (const [name, value] of Object.entries(custom ?? {})) {
      if (value === undefined) headers.delete(name);
      else headers.set(name, value);
    }
    if (core.onRequest) await core.onRequest(attempt.info as CmsRequestInfo);
    if (auth?.anonymous === true) headers.delete('Authorization');
    sent = headers.get('Authorization');
  }
  const credentials = auth?.credentials ?? core.credentials;
  if (credentials) init.credentials = credentials;
  if (auth?.manualRedirect === true) init.redirect = 'manual';
  // The duration starts once the hooks ran; no clock is read without `debug`.
  if (core.debug) attempt.started = performance.now();
  attempt.ownToken =
    ownToken !== undefined && token === ownToken && sent === authorization ? ownToken : undefined;
  attempt.anonymous = sent === null;
  attempt.customAuthorization = sent !== authorization;
  // AbortSignal.timeout rather than a timer of our own: nothing to clear, no clock read, and
  // Next.js's prerendering accepts it. With the caller's signal too, AbortSignal.any aborts with
  // whichever came first (its reason), and lets go of both once the request is done.
  const timeout = core.timeout === undefined ? undefined : AbortSignal.timeout(core.timeout);
  const signal = cache?.signal;
  if (timeout || signal)
    init.signal =
      timeout && signal ? AbortSignal.any([signal, timeout]) : ((timeout ?? signal) as AbortSignal);
  return { timeout };
}
