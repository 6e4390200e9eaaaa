/**
 * The benchmark chart the README shows (docs/benchmarks.svg): one horizontal bar per budget
 * check of a results file, its length the share of the budget the figure uses (1 is the limit:
 * `value / limit` for a budget "at most", `limit / value` for one "at least"), grouped by budget.
 * Plain SVG with no script, font file or external reference, so GitHub and npm show it; the same
 * results always give the same bytes (nothing here reads the clock or the machine).
 */
import type { Check } from './report.ts';

/** What the chart reads of a results file (bench/results/latest.json). */
export interface ChartInput {
  generatedAt: string;
  budgets: { title: string; checks: Check[] }[];
}

/** One bar: a check whose limit is a number the figure can be measured against. */
export interface Bar {
  label: string;
  /** The figure and the limit as the bar's caption prints them, e.g. `26.5 ms (limit 300 ms)`. */
  figure: string;
  /** The share of the budget used: 1 at the limit, below 1 within it. */
  share: number;
  /** The interval of the median, as shares, where the check has one. */
  interval?: { low: number; high: number };
  pass: boolean;
}

const WIDTH = 760;
const LEFT = 16;
const BAR_LEFT = 16;
const BAR_WIDTH = 560;
/** The axis runs from 0 to this share; a longer bar is cut at its end and says so. */
const AXIS_MAX = 3;
const GROUP_HEIGHT = 26;
const ROW_HEIGHT = 40;

/** Whether a check's budget is "at least" its limit (`>=`) rather than "at most". */
function atLeast(item: Check): boolean {
  return /(>=|≥)/.test(item.budget);
}

function share(item: Check, value: number): number {
  return atLeast(item) ? item.limit / value : value / item.limit;
}

const UNITS: Record<string, string> = {
  ms: ' ms',
  s: ' s',
  kb: ' KB',
  mb: ' MB',
  us: ' µs',
  x: 'x',
  bytes: ' B',
};

/** A figure as the results round it (at most three decimals, none from 100 up), in its unit. */
export function formatFigure(value: number, unit: string): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 3;
  const [whole = '', fraction = ''] = value.toFixed(digits).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${grouped}${decimals === '' ? '' : `.${decimals}`}${UNITS[unit] ?? ''}`;
}

/** The bars of a results file: every check with a positive limit and a finite figure, in order. */
export function chartBars(input: ChartInput): { title: string; bars: Bar[] }[] {
  return input.budgets
    .map((budget) => ({
      title: budget.title,
      bars: budget.checks
        .filter((item) => item.limit > 0 && Number.isFinite(item.value) && item.value > 0)
        .map((item) => {
          const bar: Bar = {
            label: item.budget,
            figure: `${formatFigure(item.value, item.unit)} (limit ${formatFigure(item.limit, item.unit)})`,
            share: share(item, item.value),
            pass: item.pass,
          };
          if (item.interval) {
            const ends = [share(item, item.interval.low), share(item, item.interval.high)];
            bar.interval = { low: Math.min(...ends), high: Math.max(...ends) };
          }
          return bar;
        }),
    }))
    .filter((group) => group.bars.length > 0);
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A coordinate with at most one decimal, so the bytes do not depend on float noise. */
function px(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function x(shareOfBudget: number): number {
  return BAR_LEFT + (Math.min(Math.max(shareOfBudget, 0), AXIS_MAX) / AXIS_MAX) * BAR_WIDTH;
}

/** The chart of a results file, as SVG text ending in a newline. */
export function renderChart(input: ChartInput): string {
  const groups = chartBars(input);
  const body: string[] = [];
  let y = 56;
  for (const group of groups) {
    body.push(`<text x="${LEFT}" y="${y + 16}" class="group">${xmlText(group.title)}</text>`);
    y += GROUP_HEIGHT;
    for (const bar of group.bars) {
      const end = x(bar.share);
      const cut = bar.share > AXIS_MAX;
      body.push(`<text x="${BAR_LEFT}" y="${y + 12}" class="label">${xmlText(bar.label)}</text>`);
      body.push(
        `<rect x="${BAR_LEFT}" y="${y + 18}" width="${px(end - BAR_LEFT)}" height="14" class="${bar.pass ? 'pass' : 'miss'}"><title>${xmlText(`${bar.label}: ${bar.figure}, ${bar.pass ? 'pass' : 'miss'}`)}</title></rect>`,
      );
      if (bar.interval)
        body.push(
          `<line x1="${px(x(bar.interval.low))}" y1="${y + 25}" x2="${px(x(bar.interval.high))}" y2="${y + 25}" class="interval"/>`,
        );
      const caption = `${bar.pass ? 'pass' : 'miss'}: ${bar.figure}${cut ? ` (${formatFigure(bar.share, 'x')} the limit)` : ''}`;
      const after = Math.max(Math.min(end, BAR_LEFT + BAR_WIDTH), bar.interval ? x(bar.interval.high) : 0);
      body.push(`<text x="${px(after + 6)}" y="${y + 30}" class="figure">${xmlText(caption)}</text>`);
      y += ROW_HEIGHT;
    }
    y += 6;
  }
  const height = y + 14;
  const limit = x(1);
  const ticks = [0, 1, 2, 3]
    .map(
      (tick) =>
        `<text x="${px(x(tick))}" y="46" class="tick"${tick === 0 ? ' text-anchor="start"' : ''}>${tick === 1 ? 'limit' : `${tick}x`}</text>`,
    )
    .join('\n');
  const title = `Budgets: the share of each limit used (shorter is better; ${input.generatedAt.slice(0, 10)})`;
  return `${[
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif">`,
    `<title>${xmlText(title)}</title>`,
    '<style>',
    '.title { font-size: 15px; font-weight: 600; fill: #24292f; }',
    '.group { font-size: 13px; font-weight: 600; fill: #24292f; }',
    '.label, .figure { font-size: 11px; fill: #57606a; }',
    '.tick { font-size: 10px; fill: #57606a; text-anchor: middle; }',
    '.pass { fill: #2da44e; }',
    '.miss { fill: #cf222e; }',
    '.interval { stroke: #24292f; stroke-width: 2; }',
    '.limit { stroke: #24292f; stroke-width: 1; stroke-dasharray: 4 3; }',
    '</style>',
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="24" class="title">${xmlText(title)}</text>`,
    ticks,
    `<line x1="${px(limit)}" y1="50" x2="${px(limit)}" y2="${height - 8}" class="limit"/>`,
    ...body,
    '</svg>',
  ].join('\n')}\n`;
}
