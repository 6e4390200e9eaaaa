/**
 * The editor benchmark's floor (bench/lib/least-declarations.ts): our types file cut to what typed
 * query results need. Checked on a generated client: what it keeps and drops, and that a query
 * with nested populate still types its result through it (or the floor would measure a project
 * that answers nothing).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { leastDeclarations } from '../../bench/lib/least-declarations.ts';
import { ROOT } from '../harness/paths.ts';
import { assertTypesPopulatedQuery } from '../helpers/populated-query.ts';

const GENERATED = join(ROOT, 'test/types/generated/kitchen');
const types = readFileSync(join(GENERATED, 'types.ts'), 'utf8');
const least = leastDeclarations(types);
/** The names of the declarations the floor drops: inputs, drafts and filters. */
const DROPPED = /(?:Input|Draft|DraftPopulatable|Filters)$/;

/** The names of the top-level interfaces and type aliases of a file. */
function declared(text: string): string[] {
  const source = ts.createSourceFile('types.ts', text, ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) ? [statement.name.text] : [],
  );
}

describe('the floor of the editor benchmark', () => {
  it('keeps the entry, populatable and zone declarations and drops inputs, drafts and filters', () => {
    const before = declared(types);
    const after = declared(least);
    assert.ok(after.includes('Article') && after.includes('ArticlePopulatable'), after.join(', '));
    assert.ok(before.includes('ArticleInput') && before.includes('ArticleFilters'));
    assert.deepEqual(
      after.filter((name) => DROPPED.test(name)),
      [],
    );
    assert.deepEqual(
      before.filter((name) => !DROPPED.test(name)),
      after,
    );
  });

  it('has no comment, and the registry points at nothing it dropped', () => {
    assert.doesNotMatch(least, /\/\*|\/\//);
    assert.doesNotMatch(least, /\bdraft(?:Entry|Populatable|Input)\b/);
    assert.match(least, /\binput: \{\};/);
    assert.match(least, /\bfilters: \{\};/);
    assert.match(least, /\blinks: \{/);
    assert.match(least, /\bscalars: \{/);
    // The slots are the model interfaces' (`ArticleModel`), which the registry names.
    assert.match(least, /export interface ArticleModel \{[\s\S]*?\binput: \{\};[\s\S]*?\n\}/);
    assert.match(least, /'api::article\.article': ArticleModel;/);
  });

  it('still types a populated result: the client compiles with it, and a wrong field is an error', () => {
    const files: Record<string, string> = {};
    for (const name of readdirSync(GENERATED))
      files[`/virtual/cms/${name}`] = readFileSync(join(GENERATED, name), 'utf8');
    files['/virtual/cms/types.ts'] = least;
    // The floor keeps the imports of the condition types its dropped filters used.
    assertTypesPopulatedQuery(files, { noUnusedLocals: false });
  });
});
