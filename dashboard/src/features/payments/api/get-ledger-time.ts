import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

/** When the payment's transaction entered the ledger, or why that could not be read. */
export type LedgerTime = InferResponseType<(typeof api.payments)[':id']['ledger-time']['$get']>;

export function getLedgerTime(id: string, signal?: AbortSignal): Promise<LedgerTime> {
  return readJson(api.payments[':id']['ledger-time'].$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } }));
}

/** A ledger time never changes once read, so it is read once per page. */
export const ledgerTimeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...paymentKeys.detail(id), 'ledger-time'] as const,
    queryFn: ({ signal }) => getLedgerTime(id, signal),
    staleTime: Infinity,
  });

export function useLedgerTime(id: string, hasTransaction: boolean) {
  return useQuery({ ...ledgerTimeQueryOptions(id), enabled: hasTransaction });
}
