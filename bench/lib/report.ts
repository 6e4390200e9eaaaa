/**
 * What a benchmark returns: tables (ours, each peer, the ratio) and budget checks, printed as
 * text and kept as the same data in the JSON results.
 */
import type { MedianInterval } from './measure.ts';

export type Unit = 'ms' | 's' | 'x' | 'kb' | 'bytes' | 'mb' | 'ops' | 'int' | 'text' | 'us';

export interface Column {
  key: string;
  label: string;
  unit: Unit;
}

export type Cell = number | string | null;

export interface Table {
  title: string;
  columns: Column[];
  rows: Record<string, Cell>[];
}

export interface Check {
  /** The budget as the issue states it, e.g. `N=100 generation < 300 ms`. */
  budget: string;
  /** Our measured figure, in `unit`. */
  value: number;
  limit: number;
  unit: Unit;
  pass: boolean;
  /**
   * For a figure that is the median of round-by-round ratios: where the true median lies
   * (measure.ts medianInterval), so a verdict a few hundredths from the limit reads as one the
   * rounds cannot settle. The verdict itself is the median's.
   */
  interval?: MedianInterval;
}

export interface BudgetResult {
  id: string;
  title: string;
  tables: Table[];
  checks: Check[];
  notes: string[];
  /** Wall time of the benchmark itself. */
  seconds: number;
}

/** A check `value <= limit` (or `>=` with `atLeast`). */
export function check(budget: string, value: number, limit: number, unit: Unit, atLeast = false): Check {
  const pass = Number.isFinite(value) && (atLeast ? value >= limit : value <= limit);
  return { budget, value: round(value), limit, unit, pass };
}

/** `item` with the interval of its median (rounded as every figure is for the JSON). */
export function withInterval(item: Check, interval: MedianInterval): Check {
  return {
    ...item,
    interval: {
      low: round(interval.low),
      high: round(interval.high),
      coverage: round(interval.coverage),
      count: interval.count,
    },
  };
}

/** Peer / ours, or null when either is missing. */
export function ratio(
  numerator: number | null | undefined,
  denominator: number | null | undefined,
): number | null {
  if (
    numerator == null ||
    denominator == null ||
    !Number.isFinite(numerator) ||
    !Number.isFinite(denominator)
  )
    return null;
  if (denominator === 0) return null;
  return round(numerator / denominator);
}

/** Keeps 4 significant digits: enough for the figures, stable in JSON. */
export function round(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const digits = Math.max(0, 3 - Math.floor(Math.log10(Math.abs(value))));
  const factor = 10 ** Math.min(digits, 6);
  return Math.round(value * factor) / factor;
}

export function formatCell(value: Cell, unit: Unit): string {
  if (value === null) return '-';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  const fixed = (digits: number) => value.toFixed(digits);
  switch (unit) {
    case 'ms':
      return `${value >= 100 ? fixed(0) : value >= 10 ? fixed(1) : fixed(2)} ms`;
    case 'us':
      return `${value >= 100 ? fixed(0) : fixed(1)} µs`;
    case 's':
      return `${fixed(2)} s`;
    case 'x':
      return `${value >= 100 ? fixed(0) : value >= 10 ? fixed(1) : fixed(2)}x`;
    case 'kb':
      return Math.abs(value) >= 1000 ? `${Math.round(value).toLocaleString('en-US')} KB` : `${fixed(2)} KB`;
    case 'mb':
      return `${fixed(1)} MB`;
    case 'bytes':
      return `${Math.round(value)} B`;
    case 'ops':
      return `${Math.round(value).toLocaleString('en-US')}/s`;
    case 'int':
      return Math.round(value).toLocaleString('en-US');
    case 'text':
      return String(value);
  }
}

export function formatTable(table: Table): string {
  const header = table.columns.map((column) => column.label);
  const body = table.rows.map((row) =>
    table.columns.map((column) => formatCell(row[column.key] ?? null, column.unit)),
  );
  const widths = header.map((label, index) =>
    Math.max(label.length, ...body.map((cells) => cells[index]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, index) => (index === 0 ? `${'-'.repeat(width + 1)}-` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [`${table.title}`, '', line(header), rule, ...body.map(line)].join('\n');
}

export function formatChecks(checks: Check[]): string {
  return checks
    .map(
      (item) =>
        `  ${item.pass ? 'PASS' : 'MISS'}  ${item.budget}: ${formatCell(item.value, item.unit)} (limit ${formatCell(item.limit, item.unit)}${item.interval ? `; ${formatInterval(item.interval, item.unit)}` : ''})`,
    )
    .join('\n');
}

/** `95% interval 1.03x-1.07x over 25 rounds`: the coverage rounded down, so it never overstates. */
export function formatInterval(interval: MedianInterval, unit: Unit): string {
  const percent = Math.floor(interval.coverage * 1000) / 10;
  return `${percent}% interval ${formatCell(interval.low, unit)}-${formatCell(interval.high, unit)} over ${interval.count} rounds`;
}

export function formatBudget(result: BudgetResult): string {
  const parts = [`## ${result.title}  (${result.seconds.toFixed(1)} s)`, ''];
  for (const table of result.tables) parts.push(formatTable(table), '');
  if (result.checks.length > 0) parts.push('Budget checks:', formatChecks(result.checks), '');
  for (const note of result.notes) parts.push(`Note: ${note}`);
  if (result.notes.length > 0) parts.push('');
  return parts.join('\n');
}
