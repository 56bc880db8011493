import type { ImportResult } from '../../../../bff/src/public-types.ts';
import { ProgressTally, type Progress } from '../../lib/progress-stream.ts';

export type { ImportResult };
export type ImportOutcome = ImportResult['result'];

export const importOutcomes: readonly ImportOutcome[] = ['indexed', 'not_found', 'invalid', 'error'];

export type ImportProgress = Progress<ImportOutcome, ImportResult>;

export function createImportTally(): ProgressTally<ImportOutcome, ImportResult> {
  return new ProgressTally<ImportOutcome, ImportResult>(importOutcomes, 'id');
}

/** Why the import ended early, in words, with what was done before. */
export function importStoppedMessage({ results, total, stoppedWith }: ImportProgress): string {
  const handled = `${results.length} of ${total} ids were handled`;
  return stoppedWith === null ? `The import stopped before the end: ${handled} (listed below).` : `The import stopped: ${stoppedWith}. Before that, ${handled} (listed below).`;
}
