import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

const MAX_RETRIES = 2;

/** A refusal (4xx) will not change on its own; only network failures and server errors are worth retrying. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
    },
  });
}
