import { ApiRequestError } from '../../lib/api-client.ts';

/** A refused staff change in plain words. */
export function staffErrorMessage(error: Error): string {
  if (error instanceof ApiRequestError && error.code === 'last_admin') {
    return 'An admin cannot disable or demote the last admin. Make someone else an admin first.';
  }
  return error.message;
}
