/** The worker thread behind `compileOffThread` (compile.ts): compiles `workerData` and posts the diagnostics. */
import { parentPort, workerData } from 'node:worker_threads';
import type ts from 'typescript';
import { compile } from './compile.ts';

const { files, overrides } = workerData as { files: Record<string, string>; overrides: ts.CompilerOptions };
parentPort?.postMessage(compile(files, overrides));
