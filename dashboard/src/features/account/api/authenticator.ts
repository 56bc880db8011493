import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson, readNoContent } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session.ts';

/** The new key (base32) and the `otpauth://` URI its QR code carries; nothing changes until a code confirms it. */
export type PendingAuthenticator = InferResponseType<typeof api.me.totp.$post>;

/** Ten codes, each good for one sign-in without the app; the server keeps only their hashes. */
export type RecoveryCodes = InferResponseType<typeof api.me.totp.confirm.$post>['recoveryCodes'];

/** A new key for an authenticator app; asking again replaces one not yet confirmed. */
export function useStartAuthenticator() {
  return useMutation({ mutationFn: async () => readJson(api.me.totp.$post()) });
}

/**
 * A code from the app completes the set-up. The session is read again only when the recovery codes
 * have been seen (`refreshSession`), so that a member who had to set one up is not let in before.
 */
export function useConfirmAuthenticator() {
  return useMutation({ mutationFn: async (code: string) => (await readJson(api.me.totp.confirm.$post({ json: { code } }))).recoveryCodes });
}

export function useRemoveAuthenticator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => readNoContent(api.me.totp.$delete()),
    onSuccess: () => refreshSession(client),
  });
}

/** New recovery codes; the ones before stop working. */
export function useRenewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await readJson(api.me['recovery-codes'].$post())).recoveryCodes,
    onSuccess: () => refreshSession(client),
  });
}
