import { useMutation } from '@tanstack/react-query';
import { apiRequest, readNoContent } from '../../../lib/api-client.ts';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export function changePassword(change: PasswordChange): Promise<void> {
  return readNoContent(apiRequest('POST', '/session/password', { json: change }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
