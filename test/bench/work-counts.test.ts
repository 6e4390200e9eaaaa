/**
 * The editor benchmark's counted table (bench/lib/work-counts.ts): the checker's counters for
 * typing a hovered name and for the quick info on it, on a fresh language service. They must
 * count something, split the two steps, and come out the same on a second run.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { emptyDir } from '../../bench/lib/generators.ts';
import { WORK_DIR } from '../../bench/lib/paths.ts';
import { quickInfoWork } from '../../bench/lib/work-counts.ts';

const SOURCE = `type Pair<A, B> = { first: A; second: B };
type Flat<T> = { [K in keyof T]: T[K] } & {};
declare function pair<A, B>(first: A, second: B): Flat<Pair<A, B> & { both: [A, B] }>;
export const probed = pair({ a: 1 }, 'b' as const);
`;

function project(): { dir: string; file: string; offset: number } {
  const dir = emptyDir(join(WORK_DIR, 'work-counts-test'));
  const file = join(dir, 'main.ts');
  writeFileSync(file, SOURCE);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ['main.ts'] }),
  );
  return { dir, file, offset: SOURCE.indexOf('probed') };
}

describe("the editor benchmark's counted quick info", () => {
  it('counts the typing and the quick info apart, and the quick info text is the hover', () => {
    const { dir, file, offset } = project();
    const work = quickInfoWork(dir, file, SOURCE, offset);
    assert.ok(work.type.instantiations > 0, 'typing the call instantiates its generic types');
    assert.ok(work.type.types > 0);
    assert.ok(work.quickInfo.instantiations > 0, 'printing the flattened result resolves its members');
    assert.equal(
      work.text.replace(/\s+/g, ' '),
      'const probed: { first: { a: number; }; second: "b"; both: [{ a: number; }, "b"]; }',
    );
  });

  it('gives the same counts on a second run', () => {
    const { dir, file, offset } = project();
    assert.deepEqual(quickInfoWork(dir, file, SOURCE, offset), quickInfoWork(dir, file, SOURCE, offset));
  });

  it('says so when the file is not in the project', () => {
    const { dir } = project();
    assert.throws(
      () => quickInfoWork(dir, join(dir, 'other.ts'), SOURCE, 0),
      /other\.ts is not in the project/,
    );
  });
});
