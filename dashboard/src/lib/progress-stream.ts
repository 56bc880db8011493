/**
 * The console server's progress protocol for bulk work, one NDJSON line each: `{ type: 'start', total }`,
 * one `{ type: 'result', … }` per item as it finishes, any `{ type: 'note', note }`, then
 * `{ type: 'done', counts }`, or `{ type: 'error', message, counts }` when the work broke off after
 * the answer had begun.
 */

/** One line of the protocol, for work whose items end as a `Result` (the type the server's route names). */
export type ProgressEvent<Result extends { result: string }> =
  | { type: 'start'; total: number }
  | ({ type: 'result' } & Result)
  | { type: 'note'; note: string }
  | { type: 'done'; counts: Partial<Record<Result['result'], number>> }
  | { type: 'error'; message: string; counts: Partial<Record<Result['result'], number>> };

/** How far a bulk run is, from the lines read so far. */
export interface Progress<Outcome extends string, Result extends { result: Outcome }> {
  /** How many items the server works on; 0 until it says. */
  total: number;
  /** One per item handled so far, in the order they finished. */
  results: readonly Result[];
  counts: Record<Outcome, number>;
  /** What the server noted on the way, e.g. why it stopped early. */
  notes: readonly string[];
  /** True once the server said it handled every item. */
  done: boolean;
  /** The server's own words when the work broke off; null unless it did. */
  stoppedWith: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Adds up the lines of a bulk run as they arrive. It is mutable on purpose: ten thousand lines
 * copied into a new array each would be slow; `snapshot` copies only when the page shows progress.
 */
export class ProgressTally<Outcome extends string, Result extends { result: Outcome }> {
  private total = 0;
  private done = false;
  private stoppedWith: string | null = null;
  private readonly results: Result[] = [];
  private readonly notes: string[] = [];
  private readonly counts: Record<Outcome, number>;

  /**
   * @param outcomes every `result` a result line may carry
   * @param key the field that names the item in a result line, e.g. `id`
   */
  constructor(
    private readonly outcomes: readonly Outcome[],
    private readonly key: keyof Result & string,
  ) {
    this.counts = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
  }

  /** Takes one parsed line; a line that is not one of the protocol's is an error in the answer. */
  add(line: unknown): void {
    if (!this.take(line)) throw new Error('The console server sent a progress line the console cannot read.');
  }

  snapshot(): Progress<Outcome, Result> {
    return { total: this.total, results: [...this.results], counts: { ...this.counts }, notes: [...this.notes], done: this.done, stoppedWith: this.stoppedWith };
  }

  /** False for a line that is not one of the protocol's. */
  private take(line: unknown): boolean {
    if (!isRecord(line)) return false;
    switch (line.type) {
      case 'start':
        if (typeof line.total !== 'number') return false;
        this.total = line.total;
        return true;
      case 'note':
        if (typeof line.note !== 'string') return false;
        this.notes.push(line.note);
        return true;
      case 'result': {
        if (typeof line[this.key] !== 'string') return false;
        const outcome = this.outcomes.find((candidate) => candidate === line.result);
        if (outcome === undefined) return false;
        const { type: _type, ...result } = line;
        this.results.push(result as Result);
        this.counts[outcome] += 1;
        return true;
      }
      case 'done':
      case 'error':
        if (!isRecord(line.counts)) return false;
        this.adoptCounts(line.counts);
        if (line.type === 'done') this.done = true;
        else this.stoppedWith = typeof line.message === 'string' && line.message !== '' ? line.message : 'the work stopped';
        return true;
      default:
        return false;
    }
  }

  /** The server's counts are the word on what was done; the tally's own stand where it gives none. */
  private adoptCounts(counts: Record<string, unknown>): void {
    for (const outcome of this.outcomes) {
      const count = counts[outcome];
      if (typeof count === 'number') this.counts[outcome] = count;
    }
  }
}
