/**
 * Budget 10, write validation (issue 44): validations per second of our generated
 * `cmsValidators.articles.create` (the kitchen-sink payload, test/fixtures/payloads/kitchen.json)
 * against zod 4 schemas written by hand with the same rules (bench/lib/zod-articles.ts), over a
 * seeded corpus of published creates, half valid and half with one thing wrong
 * (bench/lib/validator-corpus.ts). Both must give every input of the corpus the same verdict,
 * and the verdict the corpus expects, before anything is timed: the benchmark fails otherwise.
 * Then the size a browser bundle pays for the validators (esbuild, minified, gzip -9): the whole
 * of them for a schema, the interpreter alone, and the bytes each content type's table adds;
 * zod's bundle of the hand-written schema as the peer figure.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Benchmark, Outcome } from '../lib/benchmark.ts';
import { type BundleSize, bundleSize, collectionProperties } from '../lib/bundle-size.ts';
import { emptyDir, generateOurs } from '../lib/generators.ts';
import { interleave, median, pairedRatio, pairedRatioInterval } from '../lib/measure.ts';
import { ROOT, WORK_DIR } from '../lib/paths.ts';
import { type Cell, check, ratio, round, withInterval } from '../lib/report.ts';
import { fixturePayload } from '../lib/synthetic.ts';
import { articleCorpus, type CorpusInput } from '../lib/validator-corpus.ts';
import { articleCreate } from '../lib/zod-articles.ts';

/** The corpus: as many inputs, from this seed. */
export const CORPUS_SIZE = 1000;
export const CORPUS_SEED = 44;

/** One validation: true when the value is accepted. */
export type Validate = (value: unknown) => boolean;

interface StandardSchema {
  '~standard': { validate(value: unknown): { issues?: readonly unknown[] } | Promise<unknown> };
}

/** A Standard Schema's synchronous validate as a verdict; a promise is a failure of the benchmark. */
function standard(schema: StandardSchema): Validate {
  const props = schema['~standard'];
  return (value) => {
    const result = props.validate(value);
    if (result instanceof Promise) throw new Error('the validator answered asynchronously');
    return (result as { issues?: readonly unknown[] }).issues === undefined;
  };
}

/** The subjects: ours (its Standard Schema `validate`), zod's `safeParse` and zod's Standard Schema `validate`. */
export interface Subjects {
  ours: Validate;
  zod: Validate;
  zodStandard: Validate;
}

/** Generates the kitchen-sink payload's output in `dir` and returns the subjects. */
export async function articleSubjects(dir: string): Promise<Subjects> {
  emptyDir(dir);
  generateOurs(fixturePayload('kitchen'), dir, 'js');
  const generated = (await import(pathToFileURL(join(dir, 'validators.js')).href)) as {
    cmsValidators: { articles: { create: StandardSchema } };
  };
  return {
    ours: standard(generated.cmsValidators.articles.create),
    zod: (value) => articleCreate.safeParse(value).success,
    zodStandard: standard(articleCreate as unknown as StandardSchema),
  };
}

/** An input on which the subjects disagree with each other or with the corpus. */
export interface Disagreement {
  index: number;
  rule: string;
  expected: boolean;
  ours: boolean;
  zod: boolean;
  value: unknown;
}

/** Every input whose verdicts differ (ours, zod, and what the corpus expects). */
export function disagreements(subjects: Subjects, corpus: readonly CorpusInput[]): Disagreement[] {
  const found: Disagreement[] = [];
  corpus.forEach((input, index) => {
    const ours = subjects.ours(input.value);
    const zod = subjects.zod(input.value);
    if (ours !== zod || ours !== input.valid || subjects.zodStandard(input.value) !== zod)
      found.push({ index, rule: input.rule, expected: input.valid, ours, zod, value: input.value });
  });
  return found;
}

/** Throws, listing them, when any input's verdicts differ. */
export function assertAgreement(subjects: Subjects, corpus: readonly CorpusInput[]): void {
  const found = disagreements(subjects, corpus);
  if (found.length === 0) return;
  const lines = found
    .slice(0, 10)
    .map(
      (item) =>
        `  #${item.index} (${item.rule}): expected ${item.expected ? 'valid' : 'invalid'}, ours ${item.ours}, zod ${item.zod}: ${JSON.stringify(item.value).slice(0, 300)}`,
    );
  throw new Error(
    `ours and zod 4 disagree on ${found.length} of ${corpus.length} inputs, so the comparison is not fair:\n${lines.join('\n')}`,
  );
}

/**
 * Validations per second over `inputs`, run for `ms` at a time. `accepts` is how many of them
 * are valid: every pass must accept exactly those (so no verdict goes unused, and none changes).
 */
export function throughput(
  validate: Validate,
  inputs: readonly unknown[],
  ms: number,
  accepts: number,
): number {
  let passes = 0;
  let accepted = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (const input of inputs) if (validate(input)) accepted++;
    passes++;
    elapsed = performance.now() - started;
  }
  if (accepted !== accepts * passes)
    throw new Error(`${accepted} accepted in ${passes} passes over inputs of which ${accepts} are valid`);
  return ((passes * inputs.length) / elapsed) * 1000;
}

/** What a browser app pays for the validators of a generated folder: one content type's create validated. */
function validatorsApp(property: string): string {
  return [
    "import { cmsValidators } from './index.js';",
    `export const check = (value: unknown) => cmsValidators[${JSON.stringify(property)}].create['~standard'].validate(value);`,
    '',
  ].join('\n');
}

/** How many content types a generated folder has validators for. */
async function validatedTypes(dir: string): Promise<number> {
  const { cmsValidators } = (await import(pathToFileURL(join(dir, 'validators.js')).href)) as {
    cmsValidators: Record<string, object>;
  };
  return Object.values(cmsValidators).filter((entry) => 'create' in entry).length;
}

type Corpus = 'mixed' | 'valid' | 'invalid';
type Subject = keyof Subjects;
type Run = `${Subject}.${Corpus}`;

export const validators: Benchmark = {
  id: 'validators',
  title: 'Budget 10: write validation against zod 4',
  needsStrapi: false,
  async run(context): Promise<Outcome> {
    const kitchenDir = join(WORK_DIR, 'ours', 'validators-kitchen');
    const subjects = await articleSubjects(kitchenDir);
    const corpus = articleCorpus(CORPUS_SIZE, CORPUS_SEED);
    // Before any timing: both validators give every input the verdict the corpus expects.
    assertAgreement(subjects, corpus);
    const sets: Record<Corpus, unknown[]> = {
      mixed: corpus.map((input) => input.value),
      valid: corpus.filter((input) => input.valid).map((input) => input.value),
      invalid: corpus.filter((input) => !input.valid).map((input) => input.value),
    };
    const accepts: Record<Corpus, number> = {
      mixed: sets.valid.length,
      valid: sets.valid.length,
      invalid: 0,
    };
    const slice = context.quick ? 100 : 250;
    const rounds = context.quick ? 5 : 15;
    const plan: Run[] = [
      'ours.mixed',
      'zod.mixed',
      'zodStandard.mixed',
      'ours.valid',
      'zod.valid',
      'ours.invalid',
      'zod.invalid',
    ];
    const timed = (run: Run) => {
      const [subject, set] = run.split('.') as [Subject, Corpus];
      return async () => throughput(subjects[subject], sets[set], slice, accepts[set]);
    };
    for (const run of plan) await timed(run)();
    const runs = await interleave(
      Object.fromEntries(plan.map((run) => [run, timed(run)])) as Record<Run, () => Promise<number>>,
      rounds,
    );
    const ops = (run: Run) => median(runs[run]);
    const paired = pairedRatio(runs['ours.mixed'], runs['zod.mixed']);
    context.log(
      `validators: ours ${ops('ours.mixed').toFixed(0)}/s, zod ${ops('zod.mixed').toFixed(0)}/s (${paired.toFixed(2)}x)`,
    );
    const row = (label: string, subject: Subject) => ({
      subject: label,
      mixed: round(ops(`${subject}.mixed`)),
      perValidation: round(1e6 / ops(`${subject}.mixed`)),
      valid: subject === 'zodStandard' ? null : round(ops(`${subject}.valid`)),
      invalid: subject === 'zodStandard' ? null : round(ops(`${subject}.invalid`)),
      vsZod: ratio(ops(`${subject}.mixed`), ops('zod.mixed')),
      paired: subject === 'zod' ? 1 : round(pairedRatio(runs[`${subject}.mixed`], runs['zod.mixed'])),
      pairedValid:
        subject === 'zodStandard' ? null : round(pairedRatio(runs[`${subject}.valid`], runs['zod.valid'])),
      pairedInvalid:
        subject === 'zodStandard'
          ? null
          : round(pairedRatio(runs[`${subject}.invalid`], runs['zod.invalid'])),
      verdicts: `${corpus.length}/${corpus.length}`,
    });

    // Sizes: the kitchen-sink schema, and the synthetic N=5 and N=100 (for the bytes per table).
    /** `whole`: a bundle an app ships (compared with zod's); else a part or a difference of two. */
    const sizes: { label: string; size: BundleSize; whole: boolean }[] = [];
    const kitchen = await bundleSize(validatorsApp('articles'), kitchenDir);
    sizes.push({
      label: 'ours: kitchen-sink schema, every validator (an app validating articles)',
      size: kitchen,
      whole: true,
    });
    const synthetic: Record<number, { size: BundleSize; types: number }> = {};
    for (const n of [5, 100]) {
      const dir = context.ourOutput(n, 'js');
      const [property] = collectionProperties(dir);
      synthetic[n] = {
        size: await bundleSize(validatorsApp(property), dir),
        types: await validatedTypes(dir),
      };
      sizes.push({
        label: `ours: synthetic N=${n} schema, every validator`,
        size: synthetic[n]!.size,
        whole: true,
      });
    }
    const interpreter = await bundleSize(
      "export { validatorsOf } from './runtime/index.js';\n",
      context.ourOutput(5, 'js'),
    );
    sizes.push({
      label: 'ours: the interpreter alone (validatorsOf, no table)',
      size: interpreter,
      whole: false,
    });
    const types = synthetic[100]!.types - synthetic[5]!.types;
    const perType: BundleSize = {
      minified: (synthetic[100]!.size.minified - synthetic[5]!.size.minified) / types,
      gzip: (synthetic[100]!.size.gzip - synthetic[5]!.size.gzip) / types,
    };
    sizes.push({
      label: `ours: per content type's table ((N=100 - N=5) / ${types} types)`,
      size: perType,
      whole: false,
    });
    const zodModule = JSON.stringify(join(ROOT, 'bench', 'lib', 'zod-articles.ts'));
    const zodArticles = await bundleSize(`export { articleCreate } from ${zodModule};\n`, ROOT);
    sizes.push({ label: 'zod 4: the hand-written articles schema', size: zodArticles, whole: true });
    const zodFloor = await bundleSize(
      "import * as z from 'zod';\nexport const schema = z.strictObject({ title: z.string() });\n",
      ROOT,
    );
    sizes.push({
      label: 'zod 4: a one-field schema (the library an app pays first)',
      size: zodFloor,
      whole: true,
    });
    sizes.push({
      label: 'zod 4: the articles schema beyond it',
      size: {
        minified: zodArticles.minified - zodFloor.minified,
        gzip: zodArticles.gzip - zodFloor.gzip,
      },
      whole: false,
    });
    context.log(
      `validators size: kitchen ${kitchen.gzip} B, interpreter ${interpreter.gzip} B, per type ${perType.gzip.toFixed(0)} B, zod articles ${zodArticles.gzip} B gzip`,
    );
    const sizeRows: Record<string, Cell>[] = sizes.map((entry) => ({
      bundle: entry.label,
      gzip: round(entry.size.gzip),
      minified: round(entry.size.minified),
      vsZod: entry.whole ? ratio(entry.size.gzip, zodArticles.gzip) : null,
    }));
    const rules = new Set(corpus.filter((input) => !input.valid).map((input) => input.rule)).size;
    return {
      tables: [
        {
          title: `Validations per second of a published create of articles over ${corpus.length} inputs (${sets.valid.length} valid, ${sets.invalid.length} each breaking one of ${rules} rules); median of ${rounds} interleaved ${slice} ms slices`,
          columns: [
            { key: 'subject', label: 'Validator', unit: 'text' },
            { key: 'mixed', label: 'ops/s', unit: 'ops' },
            { key: 'perValidation', label: 'per validation', unit: 'us' },
            { key: 'valid', label: 'valid only', unit: 'ops' },
            { key: 'invalid', label: 'invalid only', unit: 'ops' },
            { key: 'vsZod', label: 'x zod (medians)', unit: 'x' },
            { key: 'paired', label: 'x zod (median round ratio)', unit: 'x' },
            { key: 'pairedValid', label: 'x zod, valid only', unit: 'x' },
            { key: 'pairedInvalid', label: 'x zod, invalid only', unit: 'x' },
            { key: 'verdicts', label: 'verdicts as expected', unit: 'text' },
          ],
          rows: [
            row("cms-typed-client cmsValidators.articles.create['~standard'].validate", 'ours'),
            row('zod 4 articleCreate.safeParse', 'zod'),
            row("zod 4 articleCreate['~standard'].validate", 'zodStandard'),
          ],
        },
        {
          title:
            'Browser bundle of the validators (esbuild --minify, ES2020, then gzip -9), bytes; ratio = the bundle / zod 4 with the articles schema',
          columns: [
            { key: 'bundle', label: 'Bundle', unit: 'text' },
            { key: 'gzip', label: 'gzip', unit: 'bytes' },
            { key: 'minified', label: 'min', unit: 'bytes' },
            { key: 'vsZod', label: 'x zod articles', unit: 'x' },
          ],
          rows: sizeRows,
        },
      ],
      checks: [
        withInterval(
          check('validations/s >= 2x zod 4 safeParse (median round ratio)', paired, 2, 'x', true),
          pairedRatioInterval(runs['ours.mixed'], runs['zod.mixed']),
        ),
        check('inputs of the corpus on which ours and zod 4 disagree', 0, 0, 'int'),
      ],
      notes: [
        `Corpus: bench/lib/validator-corpus.ts, seed ${CORPUS_SEED}: numbers and booleans sent as strings, blocks as a JSON ` +
          'string, relations and media in each shape Strapi takes, components with ids, every zone component; each invalid ' +
          'input is a valid one with one rule broken (the key check, lengths, patterns, email, enumeration, numbers, ' +
          'booleans, dates and times, components, repeatables, zones, a conditional field, blocks, relation and media keys).',
        'zod: bench/lib/zod-articles.ts, written by hand with the rules Strapi applies (strict objects, z.preprocess for ' +
          "yup's number, boolean and enumeration casts, z.iso for dates, z.email, discriminated unions for the zone and " +
          'the blocks). Both validators gave every input of the corpus the verdict it expects before the timing.',
        "Sizes: ours bundles every content type's and component's table of the schema (cmsValidators is one object), " +
          "zod's only the articles schema and the components it uses; the per-type figure is the synthetic schema's " +
          '28-attribute collection types (with single and plugin types in the count); their tables are alike, so gzip ' +
          'takes most of each one after the first.',
      ],
    };
  },
};
