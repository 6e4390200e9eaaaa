/**
 * `requireAuth`: a request passes with `Authorization: Bearer <token>` holding a valid,
 * unexpired, unrevoked Strapi API token that can read. Everything else is a 401 with Strapi's
 * usual error body.
 */
import type { KoaContext, StrapiLike } from './strapi.ts';

interface ApiTokenService {
  hash(accessKey: string): string;
  getByAccessKey?(hash: string): Promise<ApiTokenRecord | null | undefined>;
  getBy?(where: Record<string, unknown>): Promise<ApiTokenRecord | null | undefined>;
}

interface ApiTokenRecord {
  kind?: string | null;
  type?: string;
  expiresAt?: string | Date | null;
  permissions?: string[];
}

/** Longer than any Strapi API token (256 hex characters) with room to spare. */
const MAX_TOKEN_LENGTH = 1024;

export type GuardResult = { ok: true } | { ok: false; message: string };

export async function checkApiToken(strapi: StrapiLike, header: string | undefined): Promise<GuardResult> {
  if (header === undefined || header === '') return { ok: false, message: 'Missing or invalid credentials' };
  const match = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header);
  const token = match?.[1];
  if (token === undefined || token.length > MAX_TOKEN_LENGTH) {
    return { ok: false, message: 'Missing or invalid credentials' };
  }
  const service = tokenService(strapi);
  if (!service) return { ok: false, message: 'Missing or invalid credentials' };
  const hashed = service.hash(token);
  const record = service.getByAccessKey
    ? await service.getByAccessKey(hashed)
    : await service.getBy?.({ accessKey: hashed });
  if (!record || (record.kind != null && record.kind !== 'content-api')) {
    return { ok: false, message: 'Missing or invalid credentials' };
  }
  if (record.expiresAt != null && new Date(record.expiresAt).getTime() < Date.now()) {
    return { ok: false, message: 'Token expired' };
  }
  if (record.type === 'custom' && !(record.permissions ?? []).some(isReadAction)) {
    return { ok: false, message: 'This API token cannot read content: give it a find or findOne permission' };
  }
  return { ok: true };
}

function isReadAction(action: string): boolean {
  return action.endsWith('.find') || action.endsWith('.findOne');
}

function tokenService(strapi: StrapiLike): ApiTokenService | undefined {
  for (const uid of ['admin::api-token-content-api', 'admin::api-token']) {
    try {
      const service = strapi.service(uid) as ApiTokenService | undefined;
      if (service && typeof service.hash === 'function') return service;
    } catch {
      // Older or newer Strapi without this service name: try the next one.
    }
  }
  return undefined;
}

/** Writes Strapi's error body: `{data: null, error: {status, name, message, details}}`. */
export function sendError(ctx: KoaContext, status: 401 | 404 | 503, name: string, message: string): void {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details: {} } };
  if (status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="cms-typed-client"');
}
