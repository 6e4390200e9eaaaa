/**
 * The upload plugin's routes of the mock Strapi: `POST /api/upload` (a form's `files`),
 * `GET /api/upload/files`, `GET` and `DELETE /api/upload/files/:id`.
 */
import { type Answer, type Incoming, notFound } from './answers.ts';
import type { Row } from './rows.ts';
import { FILES } from './schema.ts';
import { type Store, tableRows } from './store.ts';
import { makeUploaded } from './writes.ts';

/** The form field the upload route reads its files from. */
const FILES_FIELD = 'files';

/** The answer of an upload route, or `undefined` when the request is not one. */
export function uploadRoute(store: Store, incoming: Incoming): Answer | undefined {
  const [, first, second, third] = incoming.segments;
  if (first !== 'upload') return undefined;
  const files = tableRows(store, FILES);
  if (incoming.method === 'POST' && second === undefined) {
    const uploaded = incoming.files[FILES_FIELD] ?? [];
    return { status: 201, body: uploaded.map((file) => makeUploaded(store, file)) };
  }
  if (second !== 'files') return notFound();
  // The plugin's own routes say whether a file's URL is signed (a private provider's are).
  const listed = (file: Row) => ({ ...file, isUrlSigned: false });
  if (incoming.method === 'GET' && third === undefined) return { status: 200, body: files.map(listed) };
  const index = files.findIndex((file) => String(file.id) === third);
  const file = files[index];
  if (file === undefined) return notFound();
  if (incoming.method === 'GET') return { status: 200, body: listed(file) };
  if (incoming.method === 'DELETE') {
    files.splice(index, 1);
    return { status: 200, body: file };
  }
  return notFound();
}
