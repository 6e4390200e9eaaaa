/**
 * The CLI's HTTP GET, on node:http and node:https. A new `cms-types` process answers sooner
 * with them than with `fetch`, whose engine loads on its first call (about 80 ms here), and
 * `generate` with an unchanged hash is one short request.
 *
 * What `fetch` did for the CLI, it still does: it follows up to 20 redirects (without the
 * Authorization header when the origin changes), decodes gzip, deflate and br bodies, strips a
 * UTF-8 byte order mark from text, and stops at the signal, reading the body included. Every
 * failure of the transport is a TransportError whose cause is Node's error (and its `code`).
 */
import type * as Http from 'node:http';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type * as Zlib from 'node:zlib';

/**
 * Node's own modules, required: importing node:http as a module reads every export, and its
 * WebSocket export loads fetch's engine, the very cost this file avoids.
 */
const requireBuiltin = createRequire(import.meta.url);

/** The connection failed, dropped, or was aborted; `cause` is what Node reported. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** An answer whose head has arrived; the body is read once, by one of the three methods. */
export interface Reply {
  readonly status: number;
  readonly ok: boolean;
  /** A response header (case-insensitive), or undefined. */
  header(name: string): string | undefined;
  /** The whole body as text. */
  text(): Promise<string>;
  /** The body as it arrives. */
  chunks(): AsyncGenerator<Uint8Array>;
  /** Drops the body unread and frees the connection. */
  discard(): void;
}

export interface GetOptions {
  headers: Record<string, string>;
  signal: AbortSignal;
}

const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function get(url: string, options: GetOptions): Promise<Reply> {
  let target = new URL(url);
  let headers = options.headers;
  for (let hop = 0; ; hop++) {
    const response = await send(target, headers, options.signal);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || location === undefined) {
      return reply(response, options.signal);
    }
    response.destroy();
    const next = redirectTarget(location, target, hop);
    if (next.origin !== target.origin) headers = withoutAuthorization(headers);
    target = next;
  }
}

function redirectTarget(location: string, from: URL, hop: number): URL {
  if (hop === MAX_REDIRECTS) {
    throw new TransportError(new Error(`more than ${MAX_REDIRECTS} redirects, the last to ${location}`));
  }
  let next: URL;
  try {
    next = new URL(location, from);
  } catch (error) {
    throw new TransportError(new Error(`a redirect to '${location}', which is not a URL`, { cause: error }));
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new TransportError(new Error(`a redirect to ${next.protocol} (only http and https are followed)`));
  }
  return next;
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'),
  );
}

function send(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  // https loads TLS, which a plain-http run (a local Strapi) never needs.
  const transport: typeof Http = requireBuiltin(url.protocol === 'https:' ? 'node:https' : 'node:http');
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(url, {
      headers: { ...headers, 'Accept-Encoding': 'gzip, deflate, br' },
      signal,
    });
    outgoing.once('response', resolve);
    // Every error, not only the first: the request may fail again after its answer came.
    outgoing.on('error', (error) => reject(new TransportError(error)));
    outgoing.end();
  });
}

function reply(response: IncomingMessage, signal: AbortSignal): Reply {
  const status = response.statusCode ?? 0;
  const stop = () => response.destroy(new TransportError(signal.reason));
  // Errors reach whoever reads the body; an unread body's error must not end the process.
  response.on('error', () => {});
  signal.addEventListener('abort', stop, { once: true });
  response.once('close', () => signal.removeEventListener('abort', stop));
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of decoded(response)) yield chunk as Uint8Array;
    } catch (error) {
      throw error instanceof TransportError ? error : new TransportError(error);
    }
  }
  return {
    status,
    ok: status >= 200 && status < 300,
    header: (name) => {
      const value = response.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    chunks,
    async text() {
      const parts: Uint8Array[] = [];
      for await (const chunk of chunks()) parts.push(chunk);
      return new TextDecoder().decode(Buffer.concat(parts));
    },
    discard: () => response.destroy(),
  };
}

/** The body with its content codings undone, last applied first; an unknown coding passes through. */
function decoded(response: IncomingMessage): Readable {
  const codings = (response.headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return response;
  const zlib: typeof Zlib = requireBuiltin('node:zlib');
  let body: Readable = response;
  for (const coding of codings.reverse()) {
    // createUnzip reads the gzip or the zlib header, whichever the server wrote.
    const decoder =
      coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate'
        ? zlib.createUnzip()
        : coding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
    if (decoder === undefined) return body;
    const source = body;
    source.on('error', (error) => decoder.destroy(error));
    body = source.pipe(decoder);
  }
  return body;
}
