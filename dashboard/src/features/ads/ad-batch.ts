import type { BatchCheckResult } from '../../../../bff/src/public-types.ts';
import { ProgressTally, type Progress } from '../../lib/progress-stream.ts';

export type { BatchCheckResult };
export type BatchOutcome = BatchCheckResult['result'];

export const batchOutcomeWords: Record<BatchOutcome, string> = { ok: 'Checked', not_found: 'No such ad', error: 'Error', invalid: 'Invalid id' };

export type BatchProgress = Progress<BatchOutcome, BatchCheckResult>;

export function createBatchTally(): ProgressTally<BatchOutcome, BatchCheckResult> {
  return new ProgressTally<BatchOutcome, BatchCheckResult>(Object.keys(batchOutcomeWords) as BatchOutcome[], 'adId');
}

const rewarded = (result: BatchCheckResult) => result.result === 'ok' && result.reward;

/** "Done: 3 ads checked; reward: yes for 1." */
export function batchDoneMessage({ results }: BatchProgress): string {
  return `Done: ${results.length} ${results.length === 1 ? 'ad' : 'ads'} checked; reward: yes for ${results.filter(rewarded).length}.`;
}

/** Why the batch ended early, in words, with what was done before. */
export function batchStoppedMessage({ results, total, stoppedWith }: BatchProgress): string {
  const handled = `${results.length} of ${total} ads were checked`;
  return stoppedWith === null ? `The check stopped before the end: ${handled} (listed below).` : `The check stopped: ${stoppedWith}. Before that, ${handled} (listed below).`;
}
