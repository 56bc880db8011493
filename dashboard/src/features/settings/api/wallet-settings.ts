import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { walletKeys } from '../../../display/wallet/wallet-keys.ts';
import { showToast } from '../../../lib/toasts.ts';

const settingsRoute = api.settings.wallet;
export type WalletSettings = InferResponseType<(typeof settingsRoute)['$get']>['settings'];
type NewWalletSettings = InferRequestType<(typeof settingsRoute)['$put']>['json'];

export const walletSettingsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.settings(),
    queryFn: async ({ signal }) => (await readJson(settingsRoute.$get(undefined, { init: { signal } }))).settings,
  });

export function useWalletSettings() {
  return useQuery(walletSettingsQueryOptions());
}

/** Saves the admin's wallet settings; the wallet itself is read again, since its low-balance state follows them. */
export function useSetWalletSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NewWalletSettings) => (await readJson(settingsRoute.$put({ json: settings }))).settings,
    onSuccess: () => showToast('Wallet settings saved.'),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
