import { useMutation } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readNoContent } from '../../../lib/api-client.ts';

export type PasswordChange = InferRequestType<typeof api.session.password.$post>['json'];

export function changePassword(change: PasswordChange): Promise<void> {
  return readNoContent(api.session.password.$post({ json: change }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
