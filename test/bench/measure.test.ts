/**
 * The statistics the benchmarks report: the round-by-round ratio that budget 6 checks is immune
 * to a slow spell that hits both sides of a round, where a ratio of medians is not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { median, pairedRatio } from '../../bench/lib/measure.ts';

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
