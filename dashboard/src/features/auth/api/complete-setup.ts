import { useMutation } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';

export type SetupRequest = Pick<InferRequestType<typeof api.setup.$post>['json'], 'token' | 'password'>;

export type CompletedSetup = InferResponseType<typeof api.setup.$post>;

/** Redeems a one-time setup link: the new staff member's first password. */
export function completeSetup(request: SetupRequest): Promise<CompletedSetup> {
  return readJson(api.setup.$post({ json: request }));
}

export function useCompleteSetup() {
  return useMutation({ mutationFn: completeSetup });
}
