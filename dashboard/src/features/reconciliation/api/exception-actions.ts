import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { ReconciliationException } from '../../../display/reconciliation/exception-types.ts';
import { reconciliationKeys } from './reconciliation-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

const exception = api.reconciliation.exceptions[':id'];
const param = (id: string) => ({ id: encodeURIComponent(id) });

async function acknowledge({ id, note }: { id: string; note: string }): Promise<ReconciliationException> {
  return (await readJson(exception.acknowledge.$post({ param: param(id), json: { note } }))).exception;
}

async function resolve({ id }: { id: string }): Promise<ReconciliationException> {
  return (await readJson(exception.resolve.$post({ param: param(id), json: {} }))).exception;
}

async function completePayment({ id }: { id: string }): Promise<ReconciliationException> {
  return (await readJson(exception['complete-payment'].$post({ param: param(id) }))).exception;
}

/** Refused or not, the exception may have moved, so the list is read again. */
function useExceptionAction<Input>(action: (input: Input) => Promise<ReconciliationException>, done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: reconciliationKeys.exceptionActions(),
    mutationFn: action,
    onSuccess: () => showToast(done),
    onSettled: () => client.invalidateQueries({ queryKey: reconciliationKeys.exceptionLists() }),
  });
}

export const useAcknowledgeException = () => useExceptionAction(acknowledge, 'Exception acknowledged, with your note.');
export const useResolveException = () => useExceptionAction(resolve, 'Exception resolved.');
/** Completes the payment (the platform checks its transaction), then resolves the exception. */
export const useCompleteExceptionPayment = () => useExceptionAction(completePayment, 'Payment completed and the exception resolved.');

/** True while any of them runs. */
export const useExceptionActionRunning = () => useIsMutating({ mutationKey: reconciliationKeys.exceptionActions() }) > 0;
