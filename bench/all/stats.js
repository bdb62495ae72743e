'use strict';
// The pure part of `pnpm bench` (bench/run-all.js): what the samples of a figure say (median and
// spread) and whether its target is met. Tested by test/bench-all.test.ts from fixtures.

/** The q-quantile of sorted numbers, interpolated between the two nearest ranks. */
function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/**
 * One figure over every repetition. A reader gives per run either numbers (samples: pooled,
 * median and min–max) or a summary the bench made itself from its own samples ({ median, low,
 * high, n, spread }: the median of the runs' medians, the widest low–high).
 */
function summarize(perRun) {
  const given = perRun.filter((value) => value !== undefined && value !== null);
  if (given.length === 0) return null;
  if (given.every((value) => typeof value === 'object' && !Array.isArray(value))) {
    const medians = given.map((s) => s.median).sort((a, b) => a - b);
    return {
      median: quantile(medians, 0.5),
      low: Math.min(...given.map((s) => s.low ?? s.median)),
      high: Math.max(...given.map((s) => s.high ?? s.median)),
      n: given.reduce((sum, s) => sum + (s.n ?? 1), 0),
      spread: given[0].spread ?? 'min–max',
    };
  }
  const samples = given
    .flat()
    .filter((value) => typeof value === 'number' && Number.isFinite(value))
    .sort((a, b) => a - b);
  if (samples.length === 0) return null;
  return {
    median: quantile(samples, 0.5),
    low: samples[0],
    high: samples[samples.length - 1],
    n: samples.length,
    spread: 'min–max',
  };
}

/** 'met', 'missed', or null when the figure has no target (or no value). */
function verdict(value, target) {
  if (!target || value === null || value === undefined) return null;
  const ok = target.op === '<=' ? value <= target.value : value >= target.value;
  return ok ? 'met' : 'missed';
}

/** a / b, or null when either is missing or b is 0. */
function ratio(a, b) {
  if (a === null || a === undefined || !b) return null;
  return a / b;
}

module.exports = { quantile, summarize, verdict, ratio };
