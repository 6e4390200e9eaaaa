/**
 * The three endpoints. Bodies and the hash are computed once at bootstrap; a request only
 * checks the token and the `If-None-Match` header, and `/schema` the `Accept-Encoding` header:
 * its body is also gzipped once, which the CLI asks for.
 */
import { checkApiToken, sendError } from './guard.ts';
import type { PluginState } from './state.ts';
import type { KoaContext, StrapiLike } from './strapi.ts';
import { HEARTBEAT_HEADER } from './watch-hub.ts';

export function createController({ strapi, state }: { strapi: StrapiLike; state: PluginState }) {
  async function authorized(ctx: KoaContext): Promise<boolean> {
    if (!state.config.requireAuth) return true;
    const header = ctx.request.headers.authorization;
    const result = await checkApiToken(strapi, typeof header === 'string' ? header : undefined);
    if (!result.ok) sendError(ctx, 401, 'UnauthorizedError', result.message);
    return result.ok;
  }

  function sendJson(ctx: KoaContext, body: Buffer, gzipped?: Buffer): void {
    const snapshot = state.snapshot();
    const etag = `"${snapshot.hash}"`;
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'no-cache');
    if (gzipped !== undefined) ctx.set('Vary', 'Accept-Encoding');
    if (matchesEtag(ctx.request.headers['if-none-match'], etag)) {
      ctx.status = 304;
      ctx.body = null;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.status = 200;
    if (gzipped !== undefined && acceptsGzip(ctx.request.headers['accept-encoding'])) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzipped;
    } else ctx.body = body;
  }

  return {
    async schema(ctx: KoaContext): Promise<void> {
      if (await authorized(ctx)) {
        const snapshot = state.snapshot();
        sendJson(ctx, snapshot.schemaBody, snapshot.schemaGzip);
      }
    },
    async schemaHash(ctx: KoaContext): Promise<void> {
      if (await authorized(ctx)) sendJson(ctx, state.snapshot().hashBody);
    },
    async schemaWatch(ctx: KoaContext): Promise<void> {
      if (!(await authorized(ctx))) return;
      if (ctx.method === 'HEAD') {
        // The head of a stream, with no stream behind it: nothing to hold open or count.
        ctx.respond = false;
        ctx.res.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          [HEARTBEAT_HEADER]: String(state.config.heartbeatInterval),
        });
        ctx.res.end();
        return;
      }
      if (state.hub.full) {
        ctx.set('Retry-After', '5');
        sendError(ctx, 503, 'ServiceUnavailableError', 'Too many open schema-watch streams; retry later');
        return;
      }
      ctx.respond = false;
      state.hub.open(ctx.res, state.snapshot().hash);
    },
  };
}

/** `If-None-Match` may list several tags, weak ones included, or `*`. */
function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string') return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Whether an `Accept-Encoding` header accepts gzip: named, or `*`, with a q-value above 0. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  let any = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip') return accepted;
    if (name === '*') any = accepted;
  }
  return any;
}
