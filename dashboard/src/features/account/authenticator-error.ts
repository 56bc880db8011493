import { ApiRequestError } from '../../lib/api-client.ts';

/** A refused confirmation code in plain words; anything else as the server says it. */
export function confirmationErrorMessage(error: Error): string {
  if (error instanceof ApiRequestError && error.code === 'invalid_second_factor') {
    return 'That code does not match. Enter the code the app shows now; if it keeps failing, check that the phone’s clock is set automatically.';
  }
  return error.message;
}
