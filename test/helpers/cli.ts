/** Runs the built `cms-types` command as a user would, and lays out throwaway projects. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE, ROOT } from '../harness/paths.ts';

export const CLI = join(ROOT, 'bin', 'cms-types.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = startCli(args, options);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function startCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): ChildProcess {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...process.env,
    CMS_TOKEN: undefined,
    CMS_URL: undefined,
    ...options.env,
  })) {
    if (value !== undefined) env[key] = value;
  }
  return spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A fresh frontend project folder with a package.json. */
export function createProject(
  name: string,
  manifest: object = { name, private: true, type: 'module' },
): string {
  const dir = join(CACHE, 'projects', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}
