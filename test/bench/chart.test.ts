/**
 * The chart the README shows (bench/lib/chart.ts): one bar per budget check, its length the share
 * of the limit the figure uses, and docs/benchmarks.svg exactly what the renderer makes of the
 * committed bench/results/latest.json, so the chart cannot drift from the figures.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { type ChartInput, chartBars, formatFigure, renderChart } from '../../bench/lib/chart.ts';
import { CHART_FILE, RESULTS_FILE } from '../../bench/lib/paths.ts';

const small: ChartInput = {
  generatedAt: '2026-01-02T03:04:05.000Z',
  budgets: [
    {
      title: 'Budget 1: codegen speed',
      checks: [
        { budget: 'N=100 generation < 300 ms', value: 150, limit: 300, unit: 'ms', pass: true },
        { budget: 'at least 100x the peer >= 100x', value: 50, limit: 100, unit: 'x', pass: false },
      ],
    },
    {
      title: 'Budget 5: query <serialization> & parse',
      checks: [
        { budget: 'identical parse results', value: 0, limit: 0, unit: 'int', pass: true },
        {
          budget: 'per request <= 1.05x raw fetch',
          value: 4.2,
          limit: 1.05,
          unit: 'x',
          pass: false,
          interval: { low: 2.1, high: 6.3, coverage: 0.95, count: 25 },
        },
      ],
    },
    { title: 'Budget 7: skipped', checks: [] },
  ],
};

/** The `<rect>` bars of a chart (not its background), with their class and width. */
function bars(svg: string) {
  return [...svg.matchAll(/<rect x="16" y="[\d.]+" width="([\d.]+)" height="14" class="(pass|miss)">/g)].map(
    ([, width, verdict]) => ({ width: Number(width), verdict }),
  );
}

describe('the benchmark chart', () => {
  it('has a bar per check with a limit, as the share of the limit used', () => {
    const groups = chartBars(small);
    assert.deepEqual(
      groups.map((group) => group.title),
      ['Budget 1: codegen speed', 'Budget 5: query <serialization> & parse'],
    );
    const [speed, query] = groups;
    assert.deepEqual(
      speed?.bars.map((bar) => [bar.share, bar.pass]),
      [
        [0.5, true],
        [2, false], // at least 100x, measured 50x: twice what the budget allows
      ],
    );
    assert.equal(query?.bars.length, 1, 'a check with no limit to measure against has no bar');
    assert.equal(query?.bars[0]?.share, 4);
    assert.deepEqual(query?.bars[0]?.interval, { low: 2, high: 6 });
    assert.equal(speed?.bars[0]?.figure, '150 ms (limit 300 ms)');
  });

  it('draws the bars to scale, the limit at a third of the axis, and cuts a longer bar', () => {
    const svg = renderChart(small);
    assert.deepEqual(bars(svg), [
      { width: 93.3, verdict: 'pass' }, // 0.5 of the limit: 560 px * 0.5 / 3
      { width: 373.3, verdict: 'miss' },
      { width: 560, verdict: 'miss' }, // 4x the limit, cut at the axis' end (3x)
    ]);
    assert.match(svg, /<line x1="202.7" y1="50" x2="202.7" y2="\d+" class="limit"\/>/);
    assert.match(svg, />miss: 4.2x \(limit 1.05x\) \(4x the limit\)</);
    assert.match(svg, />pass: 150 ms \(limit 300 ms\)</);
    assert.match(svg, />Budget 5: query &lt;serialization&gt; &amp; parse</);
    assert.match(svg, /shorter is better; 2026-01-02\)/);
    assert.doesNotMatch(svg, /Budget 7/);
    assert.doesNotMatch(svg, /<script|href=|@import|NaN|Infinity/);
    assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') && svg.endsWith('</svg>\n'));
  });

  it('writes figures as the results round them', () => {
    assert.equal(formatFigure(1361, 'x'), '1,361x');
    assert.equal(formatFigure(1.005, 'x'), '1.005x');
    assert.equal(formatFigure(26.54, 'ms'), '26.5 ms');
    assert.equal(formatFigure(14.04, 'kb'), '14 KB');
    assert.equal(formatFigure(0.5, 's'), '0.5 s');
  });

  it('gives the same bytes for the same results', () => {
    assert.equal(renderChart(structuredClone(small)), renderChart(small));
  });

  it('docs/benchmarks.svg is the chart of the committed bench/results/latest.json (npm run bench -- --chart)', () => {
    const latest = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as ChartInput;
    assert.equal(readFileSync(CHART_FILE, 'utf8'), renderChart(latest));
  });
});
