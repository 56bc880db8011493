import { ApiRequestError } from '../../lib/api-client.ts';

/** A refused staff change in plain words. */
export function staffErrorMessage(error: Error): string {
  if (!(error instanceof ApiRequestError)) return error.message;
  if (error.code === 'last_admin') return 'An admin cannot disable or demote the last admin. Make someone else an admin first.';
  if (error.code === 'own_reset') return 'Nobody resets their own second factors. Ask another admin, or manage yours on your account page.';
  return error.message;
}
