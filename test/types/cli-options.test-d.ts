/**
 * Type-level tests of the CLI's typed flags and resolved options: a flag table's parsed result
 * is typed from the table (a switch is a boolean, a valued flag a string, an undeclared flag
 * is no property), and each command's resolved options are fully typed. Checked by
 * `tsc -p tsconfig.json`; never run.
 */
import { expectTypeOf } from 'expect-type';
import { defineFlags, type FlagValues, parseFlags } from '../../src/cli/args.ts';
import {
  type CHECK_FLAGS,
  type CheckFlags,
  type CheckOptions,
  type GENERATE_FLAGS,
  type GenerateFlags,
  type GenerateOptions,
  type PullFlags,
  type PullOptions,
  resolveCheck,
  resolveGenerate,
  resolvePull,
  resolveWatch,
  type SchemaSource,
  type WatchFlags,
  type WatchOptions,
} from '../../src/cli/options.ts';
import type { Remote } from '../../src/cli/remote.ts';
import type { SnapshotFile } from '../../src/cli/snapshot-file.ts';

const TABLE = defineFlags({
  name: { type: 'string', value: '<name>', description: 'a value' },
  loud: { type: 'boolean', description: 'a switch' },
});
const parsed = parseFlags([], TABLE, 'demo');
expectTypeOf(parsed).toEqualTypeOf<{ name?: string; loud?: boolean }>();
// @ts-expect-error an undeclared flag is no property of the result
parsed.quiet;
// @ts-expect-error a switch is a boolean, not a string
const loud: string | undefined = parsed.loud;
void loud;

expectTypeOf<GenerateFlags>().toEqualTypeOf<{
  url?: string;
  output?: string;
  token?: string;
  format?: string;
  force?: boolean;
  'import-extension'?: string;
  json?: boolean;
  schema?: string;
}>();
expectTypeOf<WatchFlags>().toEqualTypeOf<Omit<GenerateFlags, 'schema'>>();
expectTypeOf<PullFlags>().toEqualTypeOf<{
  url?: string;
  token?: string;
  schema?: string;
  force?: boolean;
}>();
expectTypeOf<CheckFlags>().toEqualTypeOf<{
  output?: string;
  url?: string;
  token?: string;
  schema?: string;
  strict?: boolean;
  json?: boolean;
}>();
expectTypeOf<FlagValues<typeof GENERATE_FLAGS>>().toEqualTypeOf<GenerateFlags>();
expectTypeOf<FlagValues<typeof CHECK_FLAGS>>().toEqualTypeOf<CheckFlags>();

const context = { cwd: '.', env: {} };
expectTypeOf(resolveGenerate([], context)).toEqualTypeOf<GenerateOptions>();
expectTypeOf(resolveGenerate([], context).format).toEqualTypeOf<'js' | 'ts'>();
expectTypeOf(resolveGenerate([], context).force).toEqualTypeOf<boolean>();
expectTypeOf(resolveGenerate([], context).takeOver).toEqualTypeOf<boolean>();
expectTypeOf(resolveGenerate([], context).notices).toEqualTypeOf<string[]>();
expectTypeOf(resolveGenerate([], context).source).toEqualTypeOf<SchemaSource>();
expectTypeOf(resolveWatch([], context).generate.source.remote).toEqualTypeOf<Remote>();
expectTypeOf(resolvePull([], context)).toEqualTypeOf<PullOptions>();
expectTypeOf(resolvePull([], context).snapshot).toEqualTypeOf<SnapshotFile>();
expectTypeOf(resolveCheck([], context).snapshot).toEqualTypeOf<SnapshotFile | undefined>();
expectTypeOf(resolveWatch([], context).watch).toEqualTypeOf<WatchOptions>();
expectTypeOf(resolveCheck([], context)).toEqualTypeOf<CheckOptions>();
expectTypeOf(resolveCheck([], context).remote).toEqualTypeOf<Remote | undefined>();
expectTypeOf(resolveCheck([], context).strict).toEqualTypeOf<boolean>();
