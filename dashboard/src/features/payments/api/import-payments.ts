import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiRequest, readStream } from '../../../lib/api-client.ts';
import { readNdjson } from '../../../lib/ndjson.ts';
import { ImportTally, type ImportProgress } from '../import-progress.ts';
import { paymentKeys } from './payment-keys.ts';

/** How often, at most, the page is redrawn while results stream in. */
const PROGRESS_EVERY_MS = 100;

/**
 * Sends the ids and reads the answer line by line as the server fetches each payment from the
 * platform: `start` (the total), one `result` per id, then `done` (the counts).
 */
export async function importPayments(ids: string[], tally: ImportTally, onProgress: () => void, signal?: AbortSignal): Promise<void> {
  const body = await readStream(apiRequest('POST', '/payments/import', { json: { ids }, signal }));
  for await (const line of readNdjson(body)) {
    tally.add(line);
    onProgress();
  }
}

/** Runs one import at a time and keeps its progress; leaving the page stops reading the answer. */
export function useImportPayments() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async (ids: string[]) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const tally = new ImportTally();
      const show = () => setProgress(tally.snapshot());
      // Lines can come by the thousand: the page is redrawn at most every PROGRESS_EVERY_MS, and never later than that.
      let redraw: ReturnType<typeof setTimeout> | undefined;
      const showSoon = () => {
        redraw ??= setTimeout(() => {
          redraw = undefined;
          show();
        }, PROGRESS_EVERY_MS);
      };
      show();
      try {
        await importPayments(ids, tally, showSoon, controller.signal);
      } finally {
        clearTimeout(redraw);
        if (!controller.signal.aborted) show();
      }
      const final = tally.snapshot();
      if (!final.done) throw new Error(`The import stopped before the end: ${final.results.length} of ${final.total} ids were handled (listed below).`);
      return final;
    },
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.lists() }),
  });

  return { start: mutation.mutate, progress, error: mutation.error, pending: mutation.isPending };
}
