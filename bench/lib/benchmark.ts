/** One benchmark per budget of the issue. */
import type { Context } from './context.ts';
import type { Check, Table } from './report.ts';

export interface Outcome {
  tables: Table[];
  checks: Check[];
  notes: string[];
}

export interface Benchmark {
  /** The name to select it on the command line (`npm run bench -- codegen`). */
  id: string;
  /** Budget number and name, as the table title. */
  title: string;
  /** Boots the real test Strapi (skipped with --no-strapi and in --quick mode). */
  needsStrapi: boolean;
  run(context: Context): Promise<Outcome>;
}
