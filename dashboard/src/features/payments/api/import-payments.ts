import { useQueryClient } from '@tanstack/react-query';
import { api, readProgressEvents } from '../../../lib/api-client.ts';
import type { ProgressEvent } from '../../../lib/progress-stream.ts';
import { useProgressRun } from '../../../lib/use-progress-run.ts';
import { createImportTally, importStoppedMessage, type ImportResult } from '../import-progress.ts';
import { paymentKeys } from './payment-keys.ts';

/**
 * Sends the ids; the answer comes line by line as the server fetches each payment from the
 * platform: `start` (the total), one `result` per id, then `done` (the counts) or `error`.
 */
export function importPayments(ids: string[], signal?: AbortSignal): Promise<AsyncGenerator<ProgressEvent<ImportResult>>> {
  return readProgressEvents(api.payments.import.$post({ json: { ids } }, { init: { signal } }));
}

/** Runs one import at a time and keeps its progress; the index is read again after each. */
export function useImportPayments() {
  const client = useQueryClient();
  return useProgressRun({
    send: importPayments,
    createTally: createImportTally,
    stoppedMessage: importStoppedMessage,
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.lists() }),
  });
}
