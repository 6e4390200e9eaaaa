/**
 * Talks to the plugin: `/schema-hash`, `/schema` and `/schema-watch`, with errors that say
 * what to do. The token is sent, never printed.
 */
import { causeCode } from '../runtime/failures.ts';
import type { SchemaResponse } from '../schema/types.ts';
import { get, type Reply } from './http.ts';
import { checkContent, checkEnvelope, checkHash, PayloadError } from './payload.ts';

export const PLUGIN_PATH = '/api/cms-typed-client';

/** A failure reaching or reading the CMS; the message is meant for the user as it is. */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  readonly status: number | undefined;
  /** Seconds the server asked to wait (`Retry-After` on a 503 or 429). */
  retryAfter: number | undefined;
  constructor(message: string, status?: number, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
  }
}

export interface Remote {
  url: string;
  token: string | undefined;
  /** @default 30000 */
  timeout?: number;
  /** Cancels every request (Ctrl-C). */
  signal?: AbortSignal;
}

/**
 * Validates `--url` and drops a trailing slash; `label` names where the value came from in
 * messages (`CMS_URL`, the project config).
 */
export function normalizeUrl(raw: string, label = '--url'): string {
  return strapiUrl(raw, label).url;
}

/**
 * A Strapi address checked and made the server's root: a trailing slash, and a trailing `/api`
 * (the REST prefix, a common mistake) or `/admin` (the admin panel's address) are dropped,
 * with a `note` saying so; anything that is not an http(s) URL is refused.
 */
export function strapiUrl(raw: string, label = '--url'): { url: string; note?: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteError(
      `${label} '${raw}' is not a URL. Give the Strapi address, e.g. --url http://localhost:1337`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemoteError(`${label} must start with http:// or https://, got '${raw}'`);
  }
  if (url.search || url.hash) throw new RemoteError(`${label} must not have a query or fragment: '${raw}'`);
  const given = url.toString().replace(/\/+$/, '');
  const suffix = /\/(api|admin)$/.exec(given)?.[1];
  if (suffix === undefined) return { url: given };
  const root = given.slice(0, -(suffix.length + 1));
  const why =
    suffix === 'api'
      ? `ends in /api, Strapi's REST prefix, which cms-types adds itself (${root}${PLUGIN_PATH})`
      : "ends in /admin, the admin panel's address";
  return {
    url: root,
    note: `${label} ${given} ${why}: using the Strapi address ${root}. Give ${root} to silence this.`,
  };
}

function headers(remote: Remote, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Accept: 'application/json',
    ...(remote.token ? { Authorization: `Bearer ${remote.token}` } : {}),
    ...extra,
  };
}

export async function request(
  remote: Remote,
  path: string,
  init: {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /** The timeout ends with the response head (a stream); by default it covers the body too. */
    stream?: boolean;
  } = {},
): Promise<Reply> {
  const url = `${remote.url}${PLUGIN_PATH}${path}`;
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('timed out', 'TimeoutError')),
    remote.timeout ?? 30_000,
  );
  // Like AbortSignal.timeout's, the timer alone does not keep the process alive.
  timer.unref();
  const signals = [timeout.signal, init.signal, remote.signal].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const signal = AbortSignal.any(signals);
  let response: Reply;
  try {
    response = await get(url, { headers: headers(remote, init.headers), signal });
  } catch (error) {
    throw connectionError(remote, error, timeout.signal.aborted);
  } finally {
    if (init.stream) clearTimeout(timer);
  }
  if (response.ok || response.status === 304) return response;
  response.discard();
  const error = statusError(remote, path, response.status);
  const retryAfter = Number(response.header('retry-after') ?? Number.NaN);
  if (Number.isInteger(retryAfter) && retryAfter >= 0) error.retryAfter = Math.min(retryAfter, 300);
  throw error;
}

export function connectionError(remote: Remote, error: unknown, timedOut: boolean): RemoteError {
  if (timedOut)
    return new RemoteError(
      `Strapi at ${remote.url} did not answer within ${(remote.timeout ?? 30_000) / 1000} s.`,
      undefined,
      error,
    );
  const code = causeCode(error);
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') {
    return new RemoteError(
      `Could not connect to Strapi at ${remote.url} (${code}). Is Strapi running? Start it (npm run develop) or fix --url.`,
      undefined,
      error,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new RemoteError(`Could not resolve the host of ${remote.url}. Check --url.`, undefined, error);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RemoteError(`Network error talking to Strapi at ${remote.url}: ${message}`, undefined, error);
}

function statusError(remote: Remote, path: string, status: number): RemoteError {
  if (status === 401) {
    return new RemoteError(
      `Strapi answered 401 Unauthorized: the API token is ${remote.token ? 'invalid, expired or revoked' : 'missing'}. ` +
        'Create a read-only API token in Strapi (Settings > API Tokens) and set CMS_TOKEN (or pass --token).',
      status,
    );
  }
  if (status === 404) {
    return new RemoteError(
      `Strapi answered 404 for ${PLUGIN_PATH}${path}: the cms-typed-client plugin is not installed or not enabled. ` +
        "Add cms-typed-client to the Strapi app's dependencies, set 'cms-typed-client': { enabled: true } in config/plugins, and restart Strapi.",
      status,
    );
  }
  if (status === 503)
    return new RemoteError(
      `Strapi answered 503 Service Unavailable for ${PLUGIN_PATH}${path}; try again shortly.`,
      status,
    );
  return new RemoteError(
    `Strapi answered ${status} for ${PLUGIN_PATH}${path}. Check the Strapi server logs.`,
    status,
  );
}

async function readJson(remote: Remote, response: Reply, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new RemoteError(
      `The connection to ${remote.url} dropped while reading ${what}. Try again.`,
      undefined,
      error,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const kind = text.trimStart().startsWith('<') ? 'an HTML page (a proxy or another server?)' : 'not JSON';
    throw new RemoteError(
      `${remote.url}${PLUGIN_PATH} sent ${what} that is ${kind}. Check --url.`,
      undefined,
      error,
    );
  }
}

export async function fetchHash(remote: Remote): Promise<string> {
  const body = await readJson(remote, await request(remote, '/schema-hash'), 'the schema hash');
  const hash = (body as { hash?: unknown } | null)?.hash;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) {
    throw new RemoteError(
      `${remote.url}${PLUGIN_PATH}/schema-hash did not answer {hash}. Is this the cms-typed-client plugin?`,
    );
  }
  return hash;
}

export async function fetchSchema(remote: Remote): Promise<SchemaResponse> {
  const body = await readJson(remote, await request(remote, '/schema'), 'the schema');
  return checkPayload(body, `${remote.url}${PLUGIN_PATH}/schema`);
}

/**
 * The payload's envelope (`{hash, schema, strapi?}`), format and hash are checked here
 * (RemoteError), then the schema itself by the generator's validation (SchemaError, see
 * src/codegen/validate.ts), before anything is generated from it.
 */
export function checkPayload(body: unknown, source: string): SchemaResponse {
  let payload: SchemaResponse;
  try {
    payload = checkEnvelope(body, source);
    checkHash(payload, source, 'is corrupt');
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    const hint =
      error.problem === 'format'
        ? error.writer === 'older'
          ? " Upgrade cms-typed-client in Strapi to this project's version and restart Strapi."
          : error.writer === 'newer'
            ? ' Upgrade cms-typed-client in this project to the version Strapi runs.'
            : ' Install the same cms-typed-client version in Strapi and in this project.'
        : error.problem === 'hash'
          ? ' Try again; if it persists, restart Strapi.'
          : '';
    throw new RemoteError(`${error.message}${hint}`);
  }
  // The content itself: the generator's own validation, once, before anything is written.
  checkContent(payload);
  return payload;
}
