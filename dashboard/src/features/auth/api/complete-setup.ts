import { useMutation } from '@tanstack/react-query';
import type { SetupInput } from '../../../../../bff/src/auth/auth-service.ts';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export type SetupRequest = Pick<SetupInput, 'token' | 'password'>;

/** Redeems a one-time setup link: the new staff member's first password. */
export function completeSetup(request: SetupRequest): Promise<{ email: string }> {
  return readJson<{ email: string }>(apiRequest('POST', '/setup', { json: request }));
}

export function useCompleteSetup() {
  return useMutation({ mutationFn: completeSetup });
}
