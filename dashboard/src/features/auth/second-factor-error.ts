import { ApiRequestError } from '../../lib/api-client.ts';
import { signInErrorMessage } from './sign-in-error.ts';

/** A refused code in plain words: wrong, used before, or too many tries. */
export function secondFactorErrorMessage(error: Error, usingRecoveryCode: boolean): string {
  if (error instanceof ApiRequestError && error.code === 'invalid_second_factor') {
    return usingRecoveryCode
      ? 'That recovery code is not right, or it was used before. Each one works once.'
      : 'That code is not right, or it was used already. Wait for the next code in your authenticator app and enter it.';
  }
  return signInErrorMessage(error);
}
