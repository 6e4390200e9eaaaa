/**
 * The README's "What the generated folder holds" lists the runtime names the generated `index`
 * exports (src/codegen/index-exports.ts): the list a user reads must be the list the generator
 * prints, name for name, so neither can change without the other.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { INDEX_RUNTIME_EXPORTS } from '../../../src/codegen/index-exports.ts';
import { ROOT } from '../../harness/paths.ts';

/** The backticked names of the README bullet that starts with "from `runtime/`". */
function readmeRuntimeNames(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## What the generated folder holds'));
  const bullet = /^- from `runtime\/`:([\s\S]*?)(?=^\S|^- )/m.exec(section);
  assert.ok(bullet, 'README: no "- from `runtime/`:" bullet under "What the generated folder holds"');
  return [...(bullet[1] ?? '').matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1] ?? '');
}

describe('README lists the runtime names index exports', () => {
  it('the same names, each once', () => {
    const listed = readmeRuntimeNames();
    assert.deepEqual([...new Set(listed)].length, listed.length, 'a name is listed twice');
    assert.deepEqual(
      [...listed].sort(),
      [...INDEX_RUNTIME_EXPORTS.values, ...INDEX_RUNTIME_EXPORTS.types].sort(),
    );
  });
});
