import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { reconciliationKeys } from './reconciliation-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

export type ReconciliationRun = InferResponseType<typeof api.reconciliation.run.$post, 200>;

export function runReconciliation(): Promise<ReconciliationRun> {
  return readJson(api.reconciliation.run.$post());
}

/** Answers when the run is done; the summary and the exceptions are read again whatever it answered. */
export function useRunReconciliation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSuccess: ({ transactionsRead, exceptionsFound }) => showToast(`Reconciled: ${transactionsRead} transactions read, ${exceptionsFound} new exceptions.`),
    onSettled: () => client.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}
