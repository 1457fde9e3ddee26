// How the bench judges its targets: a compared pair of rows is run alternated on the same stack
// (A, B, A, B, ...), each pair back to back, and judged on the median of the pairwise ratios.
// The machine's pace drifts with whatever else runs on it; the two runs of a pair share a phase,
// so their ratio cancels most of the drift, where the median of each side may take its numerator
// and its denominator from different phases.
import type { Row } from './load';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One target's verdict as the summary prints it. */
export interface Verdict {
  target: string;
  measured: string;
  /** The min–max of the pairwise values, or what else the figure came from. */
  spread: string;
  pass: boolean;
}

/**
 * numerator[i].rps / denominator[i].rps for each alternated pair; a pair whose denominator answered
 * nothing (a run too short for a stalled machine) has no ratio and is left out.
 */
export function pairwiseRatios(numerator: readonly Row[], denominator: readonly Row[]): number[] {
  return numerator.flatMap((row, i) => (denominator[i]!.rps > 0 ? [row.rps / denominator[i]!.rps] : []));
}

/** Judged on the median of the pairs' values; a target with no pair left to judge fails. */
function onPairs(target: string, values: readonly number[], pairs: number, format: (v: number) => string, passes: (judged: number) => boolean): Verdict {
  const leftOut = pairs - values.length;
  if (values.length === 0) return { target, measured: 'n/a', spread: `no pair of ${pairs} had answers on both sides`, pass: false };
  const judged = median(values);
  const spread =
    `${format(Math.min(...values))}–${format(Math.max(...values))} over ${values.length} pairs (${values.map(format).join(', ')})` +
    (leftOut > 0 ? `; ${leftOut} left out, no answers on one side` : '');
  return { target, measured: format(judged), spread, pass: passes(judged) };
}

/** A throughput ratio that must reach `atLeast`: judged on the median of the pairwise ratios. */
export function ratioVerdict(target: string, numerator: readonly Row[], denominator: readonly Row[], atLeast: number): Verdict {
  return onPairs(
    `${target} >= ${atLeast.toFixed(2)}`,
    pairwiseRatios(numerator, denominator),
    numerator.length,
    (v) => v.toFixed(3),
    (judged) => judged >= atLeast,
  );
}

/** What attaching a consumer costs logging (1 - attached/detached, per pair), judged on the median: at most `atMost`. */
export function costVerdict(consumer: string, attached: readonly Row[], detached: readonly Row[], atMost: number): Verdict {
  const percent = (v: number) => `${(v * 100).toFixed(1)}%`;
  const costs = pairwiseRatios(attached, detached).map((ratio) => 1 - ratio);
  return onPairs(`${consumer} consumer's cost to logs/s <= ${percent(atMost)}`, costs, attached.length, percent, (judged) => judged <= atMost);
}

export function printVerdicts(verdicts: readonly Verdict[]): void {
  console.log('| target | measured (median) | spread | verdict |');
  console.log('|---|---:|---|---|');
  for (const v of verdicts) console.log(`| ${v.target} | ${v.measured} | ${v.spread} | ${v.pass ? 'PASS' : 'FAIL'} |`);
}
