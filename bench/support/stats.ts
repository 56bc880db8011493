import { availableParallelism, loadavg } from 'node:os';

/** Latency samples in milliseconds, and the few numbers a benchmark prints about them. */
export class Samples {
  private readonly values: number[] = [];

  add(ms: number): void {
    this.values.push(ms);
  }

  /** Times `work` once and keeps the sample; answers what it answered. */
  async time<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work();
    this.add(performance.now() - started);
    return result;
  }

  get count(): number {
    return this.values.length;
  }

  /** Nearest-rank percentile. */
  percentile(p: number): number {
    if (this.values.length === 0) return Number.NaN;
    const sorted = [...this.values].sort((a, b) => a - b);
    const rank = Math.ceil((p / 100) * sorted.length);
    return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
  }

  get p50(): number {
    return this.percentile(50);
  }

  get p95(): number {
    return this.percentile(95);
  }

  get p99(): number {
    return this.percentile(99);
  }
}

export const ms = (value: number, digits = 2): string => (Number.isFinite(value) ? value.toFixed(digits) : '-');
export const ratio = (value: number, baseline: number): string => (baseline > 0 ? `${(value / baseline).toFixed(2)}×` : '-');
export const count = (value: number): string => Math.round(value).toLocaleString('en-US');

/** A plain text table: a header row, a rule, then the rows; numbers and most cells right-aligned, the first column left. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** What the numbers were measured on; a busy machine (load above its CPU count) inflates the tails. */
export function machine(): string {
  return `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`;
}

/** How many of a run's items completed, and in how long. */
export interface Run {
  completed: number;
  seconds: number;
}

export const perSecond = (run: Run): number => run.completed / run.seconds;

/** Times `work`, which answers how many items it completed. */
export async function timed(work: () => Promise<number>): Promise<Run> {
  const started = performance.now();
  const completed = await work();
  return { completed, seconds: (performance.now() - started) / 1000 };
}
