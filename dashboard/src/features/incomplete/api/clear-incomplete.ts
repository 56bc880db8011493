import { useQueryClient } from '@tanstack/react-query';
import { api, readProgressEvents } from '../../../lib/api-client.ts';
import type { ProgressEvent } from '../../../lib/progress-stream.ts';
import { useProgressRun } from '../../../lib/use-progress-run.ts';
import { clearStoppedMessage, createClearTally, type ClearResult } from '../clear-progress.ts';
import { incompleteKeys } from './incomplete-keys.ts';

/**
 * Clears `ids`, or every listed payment (`null`), with the fixes the dry run showed, paying those it
 * says to submit and complete. The server clears only when told `dryRun: false` and pays only when
 * told `unpaid: 'submit_and_complete'`, so both are said. The answer comes line by line: `start`, one
 * `result` per payment as it is completed, cancelled, skipped, refused or failed, any `note`s, then
 * `done` (or `error` when the run broke off).
 */
export function clearIncomplete(ids: readonly string[] | null, signal?: AbortSignal): Promise<AsyncGenerator<ProgressEvent<ClearResult>>> {
  const json = { dryRun: false, unpaid: 'submit_and_complete' as const, ...(ids ? { ids: [...ids] } : {}) };
  return readProgressEvents(api.incomplete.clear.$post({ json }, { init: { signal } }));
}

/** Runs one clearing at a time and keeps its progress; the list is read again after each run. */
export function useClearIncomplete() {
  const client = useQueryClient();
  return useProgressRun({
    send: clearIncomplete,
    createTally: createClearTally,
    stoppedMessage: clearStoppedMessage,
    onSettled: () => client.invalidateQueries({ queryKey: incompleteKeys.all }),
  });
}
