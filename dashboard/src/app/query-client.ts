import type { QueryClient } from '@tanstack/react-query';
import { endSession } from '../features/auth/end-session.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** The console's query client: a 401 from any request ends the session in the SPA too. */
export function createAppQueryClient(): QueryClient {
  return createQueryClient({ onUnauthorized: endSession });
}
