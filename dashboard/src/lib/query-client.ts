import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

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
   */
  onUnauthorized?: (client: QueryClient) => void;
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const noticeUnauthorized = (error: Error) => {
    if (error instanceof ApiRequestError && error.status === 401) onUnauthorized?.(client);
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: noticeUnauthorized }),
    mutationCache: new MutationCache({ onError: noticeUnauthorized }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
    },
  });
  return client;
}
