import { createHash } from 'node:crypto';
import { stableStringify } from './stable-json.ts';
import type { CmsSchema } from './types.ts';

/** SHA-256 hex digest of the stable serialization of a schema. */
export function schemaHash(schema: CmsSchema): string {
  return createHash('sha256').update(stableStringify(schema)).digest('hex');
}
