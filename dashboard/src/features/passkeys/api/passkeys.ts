import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson, readNoContent } from '../../../lib/api-client.ts';
import { makePasskey } from '../../../lib/passkey-browser.ts';
import { showToast } from '../../../lib/toasts.ts';
import { passkeyKeys } from './passkey-keys.ts';

export type Passkey = InferResponseType<typeof api.me.passkeys.$get>['passkeys'][number];
export type PasskeyChange = InferRequestType<(typeof api.me.passkeys)[':id']['$patch']>['json'];

export const myPasskeysQueryOptions = () =>
  queryOptions({
    queryKey: passkeyKeys.mine(),
    queryFn: async ({ signal }) => (await readJson(api.me.passkeys.$get(undefined, { init: { signal } }))).passkeys,
  });

export function useMyPasskeys() {
  return useQuery(myPasskeysQueryOptions());
}

/** After any change: the list, and the session, whose second-factor summary counts passkeys. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: passkeyKeys.all });
}

/** The browser makes a passkey (the person touches their key or unlocks their device), then the console keeps it. */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ name, passwordless }: { name: string; passwordless: boolean }) => {
      const response = await makePasskey();
      return (await readJson(api.me.passkeys.$post({ json: { name, passwordless, response } }))).passkey;
    },
    onSuccess: (passkey) => {
      showToast(`Passkey “${passkey.name}” is added.`);
      return refresh();
    },
  });
}

export function useChangePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: PasskeyChange }) =>
      (await readJson(api.me.passkeys[':id'].$patch({ param: { id: encodeURIComponent(id) }, json: change }))).passkey,
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (passkey: Passkey) => readNoContent(api.me.passkeys[':id'].$delete({ param: { id: encodeURIComponent(passkey.id) } })),
    onSuccess: (_, passkey) => {
      showToast(`Passkey “${passkey.name}” is removed.`);
      return refresh();
    },
  });
}
