import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../lib/api-client.ts';
import { walletKeys } from './wallet-keys.ts';

/** `wallet` is null when the console has no app wallet. */
export type WalletAnswer = InferResponseType<typeof api.wallet.$get>;

/** The app wallet's money, every amount a decimal string with 7 places, as the server computed it on stroops. */
export type Wallet = NonNullable<WalletAnswer['wallet']>;

/** One of the wallet's latest payments, in or out, failed ones included. */
export type WalletPayment = Wallet['recent'][number];

/** How often the wallet is read again while a page shows it: rewards and deposits move it. */
export const WALLET_REFRESH_MS = 30_000;

export function getWallet(signal?: AbortSignal): Promise<WalletAnswer> {
  return readJson(api.wallet.$get(undefined, { init: { signal } }));
}

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.view(),
    queryFn: ({ signal }) => getWallet(signal),
    staleTime: 0,
    refetchInterval: WALLET_REFRESH_MS,
  });

export function useWallet({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...walletQueryOptions(), enabled });
}
