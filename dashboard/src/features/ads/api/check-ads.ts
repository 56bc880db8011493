import { useQueryClient } from '@tanstack/react-query';
import { api, readProgressEvents } from '../../../lib/api-client.ts';
import type { ProgressEvent } from '../../../lib/progress-stream.ts';
import { useProgressRun } from '../../../lib/use-progress-run.ts';
import { batchStoppedMessage, createBatchTally, type BatchCheckResult } from '../ad-batch.ts';
import { adCheckKeys } from './ad-check-keys.ts';

/**
 * Sends up to 1,000 ad ids; the answer comes line by line as the server asks the platform about
 * each: `start`, one `result` per distinct id, then `done` (or `error` when the check broke off).
 */
export function checkAds(adIds: readonly string[], signal?: AbortSignal): Promise<AsyncGenerator<ProgressEvent<BatchCheckResult>>> {
  return readProgressEvents(api.ads.check.$post({ json: { adIds: [...adIds] } }, { init: { signal } }));
}

/** Runs one batch at a time and keeps its progress; the history is read again after each. */
export function useCheckAds() {
  const client = useQueryClient();
  return useProgressRun({
    send: checkAds,
    createTally: createBatchTally,
    stoppedMessage: batchStoppedMessage,
    onSettled: () => client.invalidateQueries({ queryKey: adCheckKeys.lists() }),
  });
}
