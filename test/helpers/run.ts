/**
 * Runs a command without blocking the event loop. A test that talks to a running Strapi must not
 * use spawnSync/execFileSync between requests: while the loop is blocked, fetch (undici) cannot
 * retire its idle keep-alive sockets, and may afterwards reuse one that Strapi is closing.
 */
import { spawn } from 'node:child_process';

/** How a command ended, with everything it printed. */
export interface CommandRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Standard output and error together, in the order they came (what a terminal shows). */
  output: string;
}

/** Runs `command` with `args` (no shell) and resolves when it has exited and its output is read. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, output }));
  });
}

/** {@link run}, failing with the command and its output unless it exits with 0; resolves with stdout. */
export async function runOk(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited with ${result.code ?? result.signal}:\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}
