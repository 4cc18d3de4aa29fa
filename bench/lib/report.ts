/** Result rows and the closing table. Latency targets are judged on the mean; p99 is shown too. */
import type { LatencyStats, Throughput } from './measure';

export type Verdict = 'PASS' | 'MISS' | 'INFO' | 'N/A';

export interface Row {
  name: string;
  measured: string;
  target: string;
  /** measured / target (lower is better for times and memory; higher for throughput). */
  ratio: string;
  /** The same figure against the bare Fastify route measured in this run. */
  vsBare: string;
  verdict: Verdict;
}

export interface Baseline {
  rps: number;
  latency: LatencyStats;
}

const ms = (value: number) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
const times = (value: number) => (value >= 10 ? `${value.toFixed(0)}x` : `${value.toFixed(2)}x`);
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const runs = (value: number) => (value === 1 ? '1 run' : `${value} runs`);

/**
 * A latency against a target judged on the mean (or on p99 when `judged` says so), and against the
 * bare route's latency, or another floor measured in the same run (`floor`, e.g. the bare route
 * sending as many bytes).
 */
export function latencyRow(
  name: string,
  stats: LatencyStats,
  baseline: Baseline,
  targetMs?: number,
  {
    judged = 'mean',
    floor,
  }: { judged?: 'mean' | 'p99'; floor?: { label: string; ms: number } } = {},
): Row {
  const value = stats[judged];
  return {
    name,
    measured: `mean ${ms(stats.mean)}, p99 ${ms(stats.p99)} (${runs(stats.runs)})`,
    target: targetMs === undefined ? '-' : `${judged === 'p99' ? 'p99' : 'mean'} < ${ms(targetMs)}`,
    ratio: targetMs === undefined ? '-' : `${times(value / targetMs)} target`,
    vsBare: floor
      ? `${times(stats.mean / floor.ms)} ${floor.label} (${ms(floor.ms)})`
      : `${times(stats.mean / baseline.latency.mean)} bare latency`,
    verdict: targetMs === undefined ? 'INFO' : value < targetMs ? 'PASS' : 'MISS',
  };
}

export function throughputRow(
  name: string,
  result: Throughput,
  baseline: Baseline,
  minShare?: number,
): Row {
  const share = result.rps / baseline.rps;
  return {
    name,
    measured: `${count(result.rps)} req/s (mean ${ms(result.latencyMean)}, p99 ${ms(result.latencyP99)})`,
    target: minShare === undefined ? '-' : `>= ${(minShare * 100).toFixed(0)}% of bare`,
    ratio: minShare === undefined ? '-' : `${times(share / minShare)} target`,
    vsBare: `${(share * 100).toFixed(1)}% of bare req/s`,
    verdict: minShare === undefined ? 'INFO' : share >= minShare ? 'PASS' : 'MISS',
  };
}

/**
 * Requests per second against a floor measured in the same run (e.g. @fastify/static serving the
 * same file), with the share of the floor the goal asks for.
 */
export function shareRow(
  name: string,
  result: Throughput,
  floor: { label: string; rps: number },
  minShare: number,
): Row {
  const share = result.rps / floor.rps;
  return {
    name,
    measured: `${count(result.rps)} req/s (mean ${ms(result.latencyMean)}, p99 ${ms(result.latencyP99)})`,
    target: `>= ${(minShare * 100).toFixed(0)}% of ${floor.label}`,
    ratio: `${times(share / minShare)} target`,
    vsBare: `${(share * 100).toFixed(0)}% of ${floor.label} (${count(floor.rps)} req/s)`,
    verdict: share >= minShare ? 'PASS' : 'MISS',
  };
}

/** A ratio between two of our own measurements, e.g. a non-administrator's menu vs the administrator's. */
export function ratioRow(name: string, ratio: number, detail: string, maxRatio: number): Row {
  return {
    name,
    measured: `${times(ratio)} (${detail})`,
    target: `<= ${times(maxRatio)}`,
    ratio: `${times(ratio / maxRatio)} target`,
    vsBare: '-',
    verdict: ratio <= maxRatio ? 'PASS' : 'MISS',
  };
}

export function memoryRow(name: string, megabytes: number, targetMb?: number): Row {
  return {
    name,
    measured: `${megabytes.toFixed(1)} MB RSS`,
    target: targetMb === undefined ? '-' : `< ${targetMb} MB`,
    ratio: targetMb === undefined ? '-' : `${times(megabytes / targetMb)} target`,
    vsBare: '-',
    verdict: targetMb === undefined ? 'INFO' : megabytes < targetMb ? 'PASS' : 'MISS',
  };
}

export function notMeasuredRow(name: string, reason: string, target: string): Row {
  return { name, measured: reason, target, ratio: '-', vsBare: '-', verdict: 'N/A' };
}

export function printTable(rows: Row[]): void {
  const table = [
    ['Benchmark', 'Measured', 'Target', 'vs target', 'vs bare route', 'Result'],
    ...rows.map((row) => [row.name, row.measured, row.target, row.ratio, row.vsBare, row.verdict]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  console.log(line(table[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('-+-'));
  for (const cells of table.slice(1)) console.log(line(cells));
}

/** A progress line while the bench runs. */
export function step(message: string): void {
  console.log(`  - ${message}`);
}

export function describeLatency(stats: LatencyStats): string {
  return `mean ${ms(stats.mean)}, p50 ${ms(stats.p50)}, p99 ${ms(stats.p99)}, max ${ms(stats.max)} over ${runs(stats.runs)}`;
}

export function describeThroughput(result: Throughput): string {
  return `${count(result.rps)} req/s, mean ${ms(result.latencyMean)}, p99 ${ms(result.latencyP99)} (${count(result.requests)} requests)`;
}
