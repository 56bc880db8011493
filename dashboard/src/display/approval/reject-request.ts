import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../lib/api-client.ts';
import { readRequestsAgain } from './awaiting-approval.ts';
import { showToast } from '../../lib/toasts.ts';

/** A single reward or a batch awaiting someone else's approval. */
export interface RejectTarget {
  kind: 'reward' | 'batch';
  id: string;
}

/** Turns down someone else's request with a reason they will read; nothing of it is ever paid. */
export async function rejectRequest({ kind, id, reason }: RejectTarget & { reason: string }): Promise<void> {
  const request = { param: { id: encodeURIComponent(id) }, json: { reason } };
  if (kind === 'batch') await readJson(api.rewards.batches[':id'].reject.$post(request));
  else await readJson(api.rewards[':id'].reject.$post(request));
}

export function useRejectRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rejectRequest,
    onSuccess: () => showToast('Rejected: nothing is paid, and the requester sees your reason.'),
    onSettled: () => readRequestsAgain(client),
  });
}
