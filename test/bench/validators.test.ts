/**
 * Budget 10 (issue 44): the generated validators check a write at least twice as fast as zod 4
 * schemas of the same rules. The comparison is only fair if both give the same verdicts, so the
 * benchmark's corpus is checked input by input first (ours, zod's safeParse and zod's Standard
 * Schema validate, and what the corpus expects). Then one quick timing, the only one the suite
 * holds: the best of several interleaved slices of each, which a busy machine slows less than a
 * median (it takes the rounds the machine left alone); `npm run bench -- validators` reports the
 * medians and their interval.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import {
  articleSubjects,
  CORPUS_SEED,
  CORPUS_SIZE,
  disagreements,
  type Subjects,
  throughput,
} from '../../bench/budgets/validators.ts';
import { interleave } from '../../bench/lib/measure.ts';
import { WORK_DIR } from '../../bench/lib/paths.ts';
import { articleCorpus, MUTATIONS } from '../../bench/lib/validator-corpus.ts';

/** The budget: our validations per second over zod 4's. */
const AT_LEAST = 2;

describe("budget 10: the validators against zod 4's", () => {
  let subjects: Subjects;
  const corpus = articleCorpus(CORPUS_SIZE, CORPUS_SEED);

  before(async () => {
    subjects = await articleSubjects(join(WORK_DIR, 'validators-test'));
  });

  it('the corpus is the same on every run: half valid, every rule broken', () => {
    assert.deepEqual(articleCorpus(CORPUS_SIZE, CORPUS_SEED), corpus);
    assert.equal(corpus.filter((input) => input.valid).length, CORPUS_SIZE / 2);
    const broken = new Set(corpus.filter((input) => !input.valid).map((input) => input.rule));
    assert.equal(broken.size, MUTATIONS.length);
  });

  it('ours and the hand-written zod 4 schemas give every input the verdict the corpus expects', () => {
    const found = disagreements(subjects, corpus);
    assert.deepEqual(
      found.map(
        (item) =>
          `#${item.index} ${item.rule}: expected ${item.expected}, ours ${item.ours}, zod ${item.zod}`,
      ),
      [],
    );
  });

  it(`validates the corpus at least ${AT_LEAST}x as fast as zod 4 (best of interleaved slices)`, async (t) => {
    const values = corpus.map((input) => input.value);
    const accepts = corpus.filter((input) => input.valid).length;
    const slice = 100;
    // Warm-up: each compiled and its caches filled before any slice counts.
    for (const validate of [subjects.ours, subjects.zod]) throughput(validate, values, slice, accepts);
    const runs = await interleave(
      {
        ours: async () => throughput(subjects.ours, values, slice, accepts),
        zod: async () => throughput(subjects.zod, values, slice, accepts),
      },
      7,
    );
    const best = { ours: Math.max(...runs.ours), zod: Math.max(...runs.zod) };
    const ratio = best.ours / best.zod;
    t.diagnostic(
      `ours ${best.ours.toFixed(0)}/s, zod 4 ${best.zod.toFixed(0)}/s: ${ratio.toFixed(2)}x (best of 7 ${slice} ms slices)`,
    );
    assert.ok(
      ratio >= AT_LEAST,
      `ours ${best.ours.toFixed(0)}/s is ${ratio.toFixed(2)}x zod 4's ${best.zod.toFixed(0)}/s, under ${AT_LEAST}x`,
    );
  });
});
