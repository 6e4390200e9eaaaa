/**
 * Whether a generated client's files (as `/virtual/cms/...`) still type a populated query result:
 * a query that reads a populated relation's field compiles, and the same read of a field the
 * relation lacks is one error that names it. Used by the tests of the benchmark's rewritten
 * declarations, which would otherwise measure a project that answers nothing.
 */
import assert from 'node:assert/strict';
import type ts from 'typescript';
import { compile } from './compile.ts';

const QUERY = `import { CmsClient } from './cms/index.js';
const cms = new CmsClient({ baseURL: 'http://127.0.0.1:1' });
const found = await cms.articles.find({ populate: { author: true } });
export const name: string | undefined = found[0]?.author?.name;
`;

/** Fails unless `files` type `articles.find({ populate: { author: true } })` as the kitchen client does. */
export function assertTypesPopulatedQuery(
  files: Record<string, string>,
  options: ts.CompilerOptions = {},
): void {
  assert.deepEqual(compile({ ...files, '/virtual/consumer.ts': QUERY }, options), []);
  const wrong = compile(
    { ...files, '/virtual/consumer.ts': QUERY.replace('author?.name', 'author?.nonsense') },
    options,
  );
  assert.equal(wrong.length, 1, wrong.join('\n'));
  assert.match(wrong[0] ?? '', /nonsense/);
}
