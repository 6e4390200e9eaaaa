/**
 * The CLI run in this process (`main` of src/cli/main.ts), for unit tests that need no child
 * process: what it printed, as a terminal that is not a TTY would receive it.
 */
import { main } from '../../src/cli/main.ts';

/** A stream the CLI writes to, not a terminal; each chunk goes to `write`. */
export function sink(write: (chunk: string) => void): NodeJS.WritableStream {
  return {
    write: (chunk: string) => {
      write(chunk);
      return true;
    },
    isTTY: false,
  } as unknown as NodeJS.WritableStream;
}

/** How a run of `main` ended: its exit code, its two streams, and both in the order written. */
export interface MainRun {
  code: number;
  stdout: string;
  stderr: string;
  text: string;
}

/** Runs `cms-types <argv>` in `cwd` with `env` (and nothing of this process's environment). */
export async function runMain(
  argv: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<MainRun> {
  const run: MainRun = { code: 0, stdout: '', stderr: '', text: '' };
  run.code = await main(argv, {
    cwd: options.cwd,
    env: options.env ?? {},
    stdin: process.stdin,
    stdout: sink((chunk) => {
      run.stdout += chunk;
      run.text += chunk;
    }),
    stderr: sink((chunk) => {
      run.stderr += chunk;
      run.text += chunk;
    }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return run;
}
