import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';
import { STEP_UP_REQUIRED } from './step-up.ts';

const MAX_RETRIES = 2;

/** A refusal (4xx) will not change on its own; only network failures and server errors are worth retrying. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export interface QueryClientOptions {
  /**
   * Called whenever a query or mutation is answered 401: the server no longer knows the session.
   * This is the one place that notices; the caller decides what ending the session means.
   * A 401 about the second factor (asked again and declined here, or a wrong code) leaves the session as it is.
   */
  onUnauthorized?: (client: QueryClient) => void;
  /**
   * Called when the server says the session may do less than the SPA thought: it still waits for its
   * second factor, or may now only set one up. The session is read again.
   */
  onSessionNarrowed?: (client: QueryClient) => void;
}

const NARROWED_SESSION = new Set(['second_factor_required', 'enrolment_required']);
const SESSION_KEPT = new Set([STEP_UP_REQUIRED, 'invalid_second_factor']);

export function createQueryClient({ onUnauthorized, onSessionNarrowed }: QueryClientOptions = {}): QueryClient {
  const noticeRefusal = (error: Error) => {
    if (!(error instanceof ApiRequestError) || (error.status !== 401 && error.status !== 403)) return;
    if (NARROWED_SESSION.has(error.code)) onSessionNarrowed?.(client);
    else if (error.status === 401 && !SESSION_KEPT.has(error.code)) onUnauthorized?.(client);
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: noticeRefusal }),
    mutationCache: new MutationCache({ onError: noticeRefusal }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
    },
  });
  return client;
}
