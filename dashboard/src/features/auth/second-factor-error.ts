import { ApiRequestError } from '../../lib/api-client.ts';
import { signInErrorMessage } from './sign-in-error.ts';

/** A refused second factor in plain words; the server's speak of the app's codes, so a refused recovery code is said here. */
export function secondFactorErrorMessage(error: Error, usingRecoveryCode: boolean): string {
  if (usingRecoveryCode && error instanceof ApiRequestError && error.code === 'invalid_second_factor') {
    return 'That recovery code is not right, or it was used before. Each one works once.';
  }
  return signInErrorMessage(error);
}
