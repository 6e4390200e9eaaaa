/** What every command gets: its streams, environment, working directory and output. */
import type { Output } from './output.ts';

export interface CliContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  out: Output;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /**
   * The output with every message on stderr, for `--json`, where stdout carries only JSON.
   * Absent: `out` is used.
   */
  stderrOut?: Output;
}
