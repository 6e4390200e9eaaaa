/**
 * Timing: warm-up runs, then measured runs, reported as the median (and min/max so noise is
 * visible). Child processes are timed from spawn to exit, as a user waits for them.
 */
import { spawn } from 'node:child_process';

export interface Sample {
  /** Milliseconds (or whatever unit the measured function reports). */
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(values: readonly number[]): Sample {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}

export interface MeasureOptions {
  /** Runs thrown away first (JIT, caches, lazy loading). */
  warmup: number;
  runs: number;
}

/** Wall-clock milliseconds of `fn`, `warmup` runs discarded. */
export async function measure(fn: () => unknown, options: MeasureOptions): Promise<Sample> {
  for (let index = 0; index < options.warmup; index++) await fn();
  const times: number[] = [];
  for (let index = 0; index < options.runs; index++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return summarize(times);
}

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Spawn to exit, milliseconds. */
  wall: number;
}

/** Runs a command to its end and times it. */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; timeout?: number } = {},
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...options.env })) {
      if (value !== undefined) env[key] = value;
    }
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = options.timeout
      ? setTimeout(() => child.kill('SIGKILL'), options.timeout).unref()
      : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, wall: performance.now() - started });
    });
  });
}

/** Like runProcess, but a non-zero exit is an error that shows the output. */
export async function runChecked(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; timeout?: number } = {},
): Promise<ProcessRun> {
  const run = await runProcess(command, args, options);
  if (run.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${run.code}:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`,
    );
  }
  return run;
}

/**
 * Runs several measured subjects in interleaved rounds (A B C, B C A, C A B, ...), so drift in
 * the machine's load hits each the same; returns each subject's per-round values.
 */
export async function interleave<K extends string>(
  subjects: Record<K, () => Promise<number>>,
  rounds: number,
): Promise<Record<K, number[]>> {
  const keys = Object.keys(subjects) as K[];
  const results = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < keys.length; offset++) {
      const key = keys[(round + offset) % keys.length]!;
      results[key].push(await subjects[key]());
    }
  }
  return results;
}

/**
 * The median of the round-by-round ratios of two subjects measured in the same interleaved rounds:
 * a slow spell of the machine slows both sides of a round, so it cancels out of each ratio.
 */
export function pairedRatio(subject: readonly number[], baseline: readonly number[]): number {
  if (subject.length !== baseline.length || subject.length === 0)
    throw new Error('pairedRatio needs rounds of both subjects, as many of each');
  return median(subject.map((value, index) => value / (baseline[index] as number)));
}

/**
 * Where the true median of `values` lies, from the values alone: the interval between the k-th
 * smallest and the k-th largest value holds the median of any continuous distribution with
 * probability 1 - 2 P(B < k), B ~ Binomial(n, 1/2) the count of values below it. k is the
 * largest for which that is at least `level`; with too few values for `level` (five give at most
 * 94%), the smallest and the largest, with the coverage they have.
 */
export interface MedianInterval {
  low: number;
  high: number;
  /** The probability that the interval holds the true median (at least `level` when enough values). */
  coverage: number;
  /** How many values it was read from. */
  count: number;
}

export function medianInterval(values: readonly number[], level = 0.95): MedianInterval {
  const n = values.length;
  if (n === 0) throw new Error('medianInterval needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  let chance = 0.5 ** n; // P(B = k - 1)
  let below = chance; // P(B < k)
  let k = 1;
  while (k + 1 <= (n + 1) / 2) {
    chance *= (n - k + 1) / k; // P(B = k)
    if (1 - 2 * (below + chance) < level) break;
    below += chance;
    k += 1;
  }
  return { low: sorted[k - 1] as number, high: sorted[n - k] as number, coverage: 1 - 2 * below, count: n };
}

/** medianInterval of the round-by-round ratios that pairedRatio takes the median of. */
export function pairedRatioInterval(
  subject: readonly number[],
  baseline: readonly number[],
  level = 0.95,
): MedianInterval {
  if (subject.length !== baseline.length || subject.length === 0)
    throw new Error('pairedRatioInterval needs rounds of both subjects, as many of each');
  return medianInterval(
    subject.map((value, index) => value / (baseline[index] as number)),
    level,
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
