import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions, writeSession } from '../../lib/session.ts';

/**
 * What a 401 from any request means while someone is signed in: the server no longer knows the
 * session. The session guard then sends the user to sign in, with a message and the way back.
 * A 401 while nobody is signed in (a refused sign-in) changes nothing.
 */
export function endSession(client: QueryClient): void {
  if (client.getQueryData(sessionQueryOptions().queryKey)?.status !== 'signed-in') return;
  writeSession(client, { status: 'signed-out', reason: 'session-ended' });
}
