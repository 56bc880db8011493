import type { ClearResult } from '../../../../bff/src/public-types.ts';
import { ProgressTally, type Progress } from '../../lib/progress-stream.ts';

export type { ClearResult };
export type ClearOutcome = ClearResult['result'];

export const clearOutcomeWords: Record<ClearOutcome, string> = {
  completed: 'Completed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
  awaiting_approval: 'Awaiting approval',
  refused: 'Refused',
  failed: 'Failed',
};

export type ClearProgress = Progress<ClearOutcome, ClearResult>;

export function createClearTally(): ProgressTally<ClearOutcome, ClearResult> {
  return new ProgressTally<ClearOutcome, ClearResult>(Object.keys(clearOutcomeWords) as ClearOutcome[], 'id');
}

/** Why the clearing ended early, in words, with what was done before. */
export function clearStoppedMessage({ results, stoppedWith }: ClearProgress): string {
  const handled = `${results.length} ${results.length === 1 ? 'payment was' : 'payments were'} handled`;
  return stoppedWith === null ? `The clearing stopped before the end: ${handled} (listed below).` : `The clearing stopped: ${stoppedWith}. Before that, ${handled} (listed below).`;
}

/** "Done: 2 of 3 cleared." */
export function clearDoneMessage({ counts, results }: ClearProgress): string {
  return `Done: ${counts.completed + counts.cancelled} of ${results.length} cleared.`;
}
