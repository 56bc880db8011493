import { useQueryClient } from '@tanstack/react-query';
import { apiRequest, readStream } from '../../../lib/api-client.ts';
import { useProgressRun } from '../../../lib/use-progress-run.ts';
import { batchStoppedMessage, createBatchTally } from '../ad-batch.ts';
import { adCheckKeys } from './ad-check-keys.ts';

/**
 * Sends up to 1,000 ad ids; the answer comes line by line as the server asks the platform about
 * each: `start`, one `result` per distinct id, then `done` (or `error` when the check broke off).
 */
export function checkAds(adIds: readonly string[], signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  return readStream(apiRequest('POST', '/ads/check', { json: { adIds }, signal }));
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
