import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export interface SetupRequest {
  token: string;
  password: string;
}

/** Redeems a one-time setup link: the new staff member's first password. */
export function completeSetup(request: SetupRequest): Promise<{ email: string }> {
  return readJson<{ email: string }>(apiRequest('POST', '/setup', { json: request }));
}

export function useCompleteSetup() {
  return useMutation({ mutationFn: completeSetup });
}
