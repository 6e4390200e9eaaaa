/**
 * The checks every schema payload passes before anything is generated from it, wherever it
 * comes from (a `/schema` answer or a snapshot file): the envelope (`{hash, schema, strapi?}`),
 * the format version, the hash against the content, and the generator's own validation of the
 * schema (src/codegen/validate.ts). The callers word the fix: retry the request, or pull the
 * snapshot again.
 */
import { isRecord, validateSchema } from '../codegen/validate.ts';
import { schemaHash } from '../schema/hash.ts';
import { SCHEMA_FORMAT, type SchemaResponse } from '../schema/types.ts';

/** Which check a payload failed; the message names the source and the problem. */
export type PayloadProblem = 'envelope' | 'format' | 'server-info' | 'hash';

export class PayloadError extends Error {
  override readonly name = 'PayloadError';
  readonly problem: PayloadProblem;
  /** For `format`: whether the payload's writer is older or newer than this cms-types. */
  readonly writer: 'older' | 'newer' | 'unknown';
  constructor(problem: PayloadProblem, message: string, writer: 'older' | 'newer' | 'unknown' = 'unknown') {
    super(message);
    this.problem = problem;
    this.writer = writer;
  }
}

/** The envelope, format and `strapi` member of a payload; the schema's content is not looked at. */
export function checkEnvelope(body: unknown, source: string): SchemaResponse {
  const schema = isRecord(body) ? body.schema : undefined;
  if (!isRecord(body) || typeof body.hash !== 'string' || !isRecord(schema)) {
    throw new PayloadError(
      'envelope',
      `${source} is not a cms-typed-client schema ({hash, schema} expected).`,
    );
  }
  if (!/^[0-9a-f]{64}$/.test(body.hash)) {
    throw new PayloadError(
      'envelope',
      `${source} has a malformed hash ${JSON.stringify(body.hash.slice(0, 80))} (64 hex digits expected).`,
    );
  }
  if (schema.format !== SCHEMA_FORMAT) {
    const format = schema.format;
    const writer = typeof format !== 'number' ? 'unknown' : format < SCHEMA_FORMAT ? 'older' : 'newer';
    const which =
      writer === 'unknown'
        ? ''
        : ` (written by ${writer === 'older' ? 'an older' : 'a newer'} cms-typed-client)`;
    throw new PayloadError(
      'format',
      `${source} uses schema format ${JSON.stringify(format) ?? 'undefined'}${which}; this cms-types understands format ${SCHEMA_FORMAT}.`,
      writer,
    );
  }
  checkServerInfo(body.strapi, source);
  return body as unknown as SchemaResponse;
}

/** Throws when the payload's hash is not the hash of its schema. */
export function checkHash(payload: SchemaResponse, source: string, why: string): void {
  const computed = schemaHash(payload.schema);
  if (computed !== payload.hash) {
    throw new PayloadError(
      'hash',
      `${source} ${why}: its hash does not match its content (stored ${payload.hash.slice(0, 12)}, computed ${computed.slice(0, 12)}).`,
    );
  }
}

/** The generator's validation of the schema itself (throws SchemaError, naming the model and attribute). */
export function checkContent(payload: SchemaResponse): void {
  validateSchema(payload.schema);
}

/** `strapi` (server version and notices) is optional: servers before 0.2 do not send it. */
function checkServerInfo(info: unknown, source: string): void {
  if (info === undefined) return;
  const value = info as { version?: unknown; notices?: unknown } | null;
  const versionOk = value !== null && (value.version === null || typeof value.version === 'string');
  const noticesOk =
    value !== null && Array.isArray(value.notices) && value.notices.every((n) => typeof n === 'string');
  if (typeof info !== 'object' || !versionOk || !noticesOk) {
    throw new PayloadError(
      'server-info',
      `${source} has a malformed 'strapi' member ({version, notices} expected).`,
    );
  }
}
