/** The two CLIs run as a user runs them: a new Node process in a project folder. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ProcessRun, runChecked, runProcess } from './measure.ts';
import { CLI_BIN, PEER_CLI_BIN, WORK_DIR } from './paths.ts';
import { ensureSnapshot } from './snapshot.ts';

/** A fresh frontend project folder (with a package.json) under .cache/bench/projects. */
export function benchProject(name: string): string {
  const dir = join(WORK_DIR, 'projects', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module' })}\n`);
  return dir;
}

const CLEAN_ENV = {
  CMS_TOKEN: undefined,
  CMS_URL: undefined,
  STRAPI_TOKEN: undefined,
  STRAPI_URL: undefined,
  NO_COLOR: '1',
};

/** `cms-types <args>` (bin/cms-types.js of the package snapshot, which loads its dist/cli/main.js). */
export function ourCli(args: string[], cwd: string, checked = true): Promise<ProcessRun> {
  ensureSnapshot();
  return (checked ? runChecked : runProcess)(process.execPath, [CLI_BIN, ...args], {
    cwd,
    env: CLEAN_ENV,
    timeout: 120_000,
  });
}

/** `strapi-types <args>` (strapi-typed-client's dist/cli/index.js). */
export function peerCli(args: string[], cwd: string, checked = true): Promise<ProcessRun> {
  return (checked ? runChecked : runProcess)(process.execPath, [PEER_CLI_BIN, ...args], {
    cwd,
    env: CLEAN_ENV,
    timeout: 600_000,
  });
}

/** `node -e 0`: the floor any Node CLI pays on this machine. */
export function bareNode(): Promise<ProcessRun> {
  return runChecked(process.execPath, ['-e', '0']);
}
