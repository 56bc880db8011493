import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

const endpointsRoute = api['webhook-endpoints'];

/** An endpoint as admins see it: never its secret, only the secret's hint. */
export type WebhookEndpoint = InferResponseType<(typeof endpointsRoute)['$get']>['endpoints'][number];

/** Deliveries wait and fail while the page is open; the counts are read again now and then. */
const ENDPOINTS_REFRESH_MS = 15_000;

export const endpointsQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: async ({ signal }) => (await readJson(endpointsRoute.$get(undefined, { init: { signal } }))).endpoints,
    refetchInterval: ENDPOINTS_REFRESH_MS,
  });

export function useEndpoints() {
  return useQuery(endpointsQueryOptions());
}

/** One endpoint, from the list (there are few). */
export function useEndpoint(id: string) {
  return useQuery({ ...endpointsQueryOptions(), select: (endpoints) => endpoints.find((endpoint) => endpoint.id === id) ?? null });
}
