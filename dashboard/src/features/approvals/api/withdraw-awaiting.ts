import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import { readRequestsAgain, type AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { showToast } from '../../../lib/toasts.ts';

/** Withdrawing one's own request awaiting approval is cancelling it before anything was paid. */
export async function withdrawAwaiting({ kind, id }: Pick<AwaitingItem, 'kind' | 'id'>): Promise<void> {
  const request = { param: { id: encodeURIComponent(id) } };
  if (kind === 'batch') await readJson(api.rewards.batches[':id'].cancel.$post(request));
  else await readJson(api.rewards[':id'].cancel.$post(request));
}

export function useWithdrawAwaiting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawAwaiting,
    onSuccess: () => showToast('Withdrawn: nothing is paid.'),
    onSettled: () => readRequestsAgain(client),
  });
}
