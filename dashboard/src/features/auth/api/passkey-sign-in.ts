import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { api, readJson } from '../../../lib/api-client.ts';
import { sessionStateOf, writeSession } from '../../../lib/session.ts';

/** Signs in with a passkey's answer alone, for a passkey its owner set up to sign in without a password. */
export function usePasskeySignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (response: AuthenticationResponseJSON) => readJson(api.session.passkey.$post({ json: { response } })),
    onSuccess: (answer) => {
      client.removeQueries({ type: 'inactive' });
      writeSession(client, sessionStateOf(answer));
    },
  });
}
