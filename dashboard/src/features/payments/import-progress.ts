import type { ImportResult } from '../../../../bff/src/payments/payment-import.ts';

export type { ImportResult };
export type ImportOutcome = ImportResult['result'];

/** One line of the server's NDJSON answer to an import. */
export type ImportLine = { type: 'start'; total: number } | ({ type: 'result' } & ImportResult) | { type: 'done'; counts: Partial<Record<ImportOutcome, number>> };

export const importOutcomes: readonly ImportOutcome[] = ['indexed', 'not_found', 'invalid', 'error'];

export interface ImportProgress {
  /** How many distinct ids the server works on; 0 until it says. */
  total: number;
  /** One per id handled so far, in the order they finished. */
  results: readonly ImportResult[];
  counts: Record<ImportOutcome, number>;
  /** True once the server said it handled every id. */
  done: boolean;
}

function isImportLine(value: unknown): value is ImportLine {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  if (value.type === 'start') return 'total' in value && typeof value.total === 'number';
  if (value.type === 'result') return 'id' in value && typeof value.id === 'string' && 'result' in value && importOutcomes.some((outcome) => outcome === value.result);
  return value.type === 'done' && 'counts' in value && typeof value.counts === 'object';
}

/**
 * Adds up the lines of an import as they arrive. It is mutable on purpose: ten thousand lines
 * copied into a new array each would be slow; `snapshot` copies only when the page shows progress.
 */
export class ImportTally {
  private total = 0;
  private done = false;
  private readonly results: ImportResult[] = [];
  private readonly counts: Record<ImportOutcome, number> = { indexed: 0, not_found: 0, invalid: 0, error: 0 };

  /** Takes one parsed line; a line that is not an import line is an error in the answer. */
  add(value: unknown): ImportLine {
    if (!isImportLine(value)) throw new Error('The console server sent an import line the console cannot read.');
    if (value.type === 'start') this.total = value.total;
    else if (value.type === 'done') {
      this.done = true;
      for (const outcome of importOutcomes) this.counts[outcome] = value.counts[outcome] ?? this.counts[outcome];
    } else {
      const { type: _type, ...result } = value;
      this.results.push(result);
      this.counts[result.result] += 1;
    }
    return value;
  }

  snapshot(): ImportProgress {
    return { total: this.total, results: [...this.results], counts: { ...this.counts }, done: this.done };
  }
}
