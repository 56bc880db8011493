import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { sessionStateOf, writeSession } from '../../../lib/session.ts';

/** A code from the authenticator app, a recovery code, or (later) a passkey's answer. */
export type SecondFactorProof = InferRequestType<(typeof api.session)['second-factor']['$post']>['json'];

/** Completes a sign-in whose password was right: the answer is the full session. */
export function useGiveSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (proof: SecondFactorProof) => readJson(api.session['second-factor'].$post({ json: proof })),
    onSuccess: (answer) => writeSession(client, sessionStateOf(answer)),
  });
}

/** Checks the second factor again within a session, for an action that moves money. */
export function useStepUp() {
  return useMutation({ mutationFn: async (proof: SecondFactorProof) => readJson(api.session['step-up'].$post({ json: proof })) });
}
