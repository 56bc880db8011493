import { useRef } from 'react';
import { ApiRequestError } from './api-client.ts';

/**
 * Whether the server's answer settles a request: false when it may or may not have happened (no
 * answer, a server error) or is still being handled (409), so sending it again must use the same key.
 */
export function isSettledAnswer(error: Error): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 409;
}

/**
 * One Idempotency-Key per submission. Sending the same submission again while its outcome is
 * unknown reuses the key, so the server answers with the reward it already has instead of paying
 * twice; once the server has answered, the next submission gets a new key.
 */
export function useSubmissionKey() {
  const open = useRef<{ key: string; submission: string } | null>(null);
  return {
    /** The key for `submission` (the request body as JSON). */
    keyFor(submission: string): string {
      if (open.current?.submission === submission) return open.current.key;
      const key = crypto.randomUUID();
      open.current = { key, submission };
      return key;
    },
    /** The server answered this submission for good. */
    settle() {
      open.current = null;
    },
  };
}
