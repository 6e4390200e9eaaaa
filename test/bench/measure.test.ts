/**
 * The statistics the benchmarks report: the round-by-round ratio that budget 6 checks is immune
 * to a slow spell that hits both sides of a round, where a ratio of medians is not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { median, medianInterval, pairedRatio, pairedRatioInterval } from '../../bench/lib/measure.ts';
import { check, formatChecks, withInterval } from '../../bench/lib/report.ts';
import { seeded } from '../../src/runtime/mock/random.ts';

describe('pairedRatio', () => {
  it('is the median of the ratios of rounds measured side by side', () => {
    // The machine was busy (1.5x) during rounds 1 to 3 and during the raw loop of round 4: the
    // medians come from a busy raw round and a calm round of ours.
    const raw = [390, 393, 387, 390, 260, 262, 258];
    const ours = [395, 398, 391, 263, 263, 265, 261];
    assert.ok(median(ours) / median(raw) < 0.7, 'the ratio of medians compares a calm and a busy round');
    const paired = pairedRatio(ours, raw);
    assert.ok(paired > 1.01 && paired < 1.015, String(paired));
  });

  it('refuses rounds that do not pair up', () => {
    assert.throws(() => pairedRatio([1, 2], [1]), /as many of each/);
    assert.throws(() => pairedRatio([], []), /as many of each/);
  });
});

describe('medianInterval', () => {
  // Shuffled 1..n, so the interval's ends are the order statistics' ranks.
  const ranks = (n: number) => {
    const random = seeded(n);
    const values = Array.from({ length: n }, (_, index) => index + 1);
    for (let index = n - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [values[index], values[other]] = [values[other]!, values[index]!];
    }
    return values;
  };

  it('takes the k-th smallest and largest value of the binomial tables', () => {
    // The 95% intervals of the distribution-free tables: n=9 the 2nd and 8th value, n=25 the
    // 8th and 18th, n=40 the 14th and 27th, n=100 the 40th and 61st.
    for (const [n, low, high] of [
      [9, 2, 8],
      [25, 8, 18],
      [40, 14, 27],
      [100, 40, 61],
    ] as const) {
      const interval = medianInterval(ranks(n));
      assert.deepEqual([interval.low, interval.high, interval.count], [low, high, n], `n=${n}`);
      assert.ok(interval.coverage >= 0.95 && interval.coverage < 0.97, `n=${n}: ${interval.coverage}`);
    }
  });

  it('says how much the smallest and largest cover when there are too few values', () => {
    // Five typecheck rounds: the median lies outside only if all five fall on one side of it.
    assert.deepEqual(medianInterval(ranks(5)), { low: 1, high: 5, coverage: 1 - 2 / 32, count: 5 });
    assert.equal(medianInterval([3]).coverage, 0);
    assert.throws(() => medianInterval([]), /at least one value/);
  });

  it('holds the true median as often as it says, for a skewed distribution', () => {
    // 4,000 samples of 25 values from an exponential distribution, whose median is ln 2.
    const random = seeded(42);
    let held = 0;
    let heldByTheMiddleThree = 0;
    const trials = 4000;
    for (let trial = 0; trial < trials; trial++) {
      const values = Array.from({ length: 25 }, () => -Math.log(1 - random()));
      const interval = medianInterval(values);
      if (interval.low <= Math.LN2 && Math.LN2 <= interval.high) held += 1;
      const sorted = [...values].sort((a, b) => a - b);
      if (sorted[11]! <= Math.LN2 && Math.LN2 <= sorted[13]!) heldByTheMiddleThree += 1;
    }
    // 0.9567 in theory; the middle three values, an interval that looks as plausible, about 0.42.
    assert.ok(Math.abs(held / trials - 0.9567) < 0.012, `held ${held} of ${trials}`);
    assert.ok(heldByTheMiddleThree / trials < 0.5, `the middle three held ${heldByTheMiddleThree}`);
  });
});

describe('pairedRatioInterval', () => {
  it('is the interval of the round-by-round ratios, beside their median', () => {
    const raw = [100, 200, 100, 200, 100, 200, 100, 200, 100];
    const ours = [101, 206, 102, 208, 105, 214, 107, 216, 109];
    const interval = pairedRatioInterval(ours, raw);
    assert.equal(pairedRatio(ours, raw), 1.05);
    assert.deepEqual([interval.low, interval.high], [1.02, 1.08]);
    assert.throws(() => pairedRatioInterval([1, 2], [1]), /as many of each/);
  });

  it('is printed beside a check that carries it', () => {
    const item = withInterval(check('per request <= 1.05x raw fetch', 1.054, 1.05, 'x'), {
      low: 1.031234,
      high: 1.0712,
      coverage: 0.95674,
      count: 25,
    });
    assert.equal(
      formatChecks([item]),
      '  MISS  per request <= 1.05x raw fetch: 1.05x (limit 1.05x; 95.6% interval 1.03x-1.07x over 25 rounds)',
    );
    assert.deepEqual(item.interval, { low: 1.031, high: 1.071, coverage: 0.9567, count: 25 });
  });
});
