#!/usr/bin/env node
// cms-types: a thin launcher for the built CLI.
import { main } from '../dist/cli/main.js';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  process.stderr.write(`cms-types needs Node.js 22 or later; this is ${process.version}.\n`);
  process.exit(1);
}
const controller = new AbortController();
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  controller.abort();
});
const code = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
process.exitCode = code;
