/** What every command gets: its streams, environment, working directory and output. */
import type { Output } from './output.ts';

export interface CliContext {
  cwd: string;
  /** The shell's environment plus the `CMS_` variables of the project's .env files (env-files.ts). */
  env: NodeJS.ProcessEnv;
  /** The .env file each variable not set in the shell came from, by name. */
  envFiles?: Readonly<Record<string, string>>;
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
