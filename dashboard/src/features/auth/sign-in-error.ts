import { ApiRequestError } from '../../lib/api-client.ts';

/** A refused sign-in in plain words; the server never says whether the email exists, and neither does this. */
export function signInErrorMessage(error: Error): string {
  if (!(error instanceof ApiRequestError)) return error.message;
  if (error.code === 'invalid_credentials') return 'That email and password do not match an account. Check both and try again.';
  if (error.code === 'too_many_attempts') {
    return error.retryAfterSeconds === null
      ? 'Too many attempts; try again later.'
      : `Too many attempts; try again in ${error.retryAfterSeconds} s.`;
  }
  return error.message;
}
