import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { cursorListQuery } from '../../../lib/cursor-list-query.ts';
import { showToast } from '../../../lib/toasts.ts';
import { deliveryFilterParams, type DeliveryFilters } from '../delivery-filters.ts';
import { webhookKeys } from './webhook-keys.ts';

const endpointRoute = api['webhook-endpoints'][':id'];
const deliveryRoute = api['webhook-deliveries'][':id'];
const eventRoute = api.events[':eventId'].deliveries;

type DeliveryPage = InferResponseType<(typeof endpointRoute.deliveries)['$get'], 200>;
export type WebhookDelivery = DeliveryPage['deliveries'][number];
export type DeliveryDetail = InferResponseType<(typeof deliveryRoute)['$get'], 200>;
export type WebhookAttempt = DeliveryDetail['attempts'][number];
export type EventDeliveries = InferResponseType<(typeof eventRoute)['$get'], 200>;

/** A pending delivery moves by itself: the list is read again while one is shown. */
const PENDING_REFRESH_MS = 3_000;

const param = (id: string) => ({ id: encodeURIComponent(id) });

function deliveryList(endpointId: string) {
  return cursorListQuery({
    read: (query, signal) => readJson(endpointRoute.deliveries.$get({ param: param(endpointId), query }, { init: { signal } })),
    rows: (page: DeliveryPage) => page.deliveries,
    refresh: { while: (delivery) => delivery.status === 'pending', everyMs: PENDING_REFRESH_MS },
  });
}

/** An endpoint's deliveries, newest first. */
export function useDeliveries(endpointId: string, filters: DeliveryFilters) {
  return useInfiniteQuery(deliveryList(endpointId)(webhookKeys.deliveries(endpointId, filters), deliveryFilterParams(filters)));
}

/** One delivery and every attempt at it. */
export function useDelivery(id: string) {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.delivery(id),
      queryFn: ({ signal }) => readJson(deliveryRoute.$get({ param: param(id) }, { init: { signal } })),
      refetchInterval: (query) => (query.state.data?.delivery.status === 'pending' ? PENDING_REFRESH_MS : false),
    }),
  );
}

/** One event and its deliveries to every endpoint. */
export function useEventDeliveries(eventId: string) {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.event(eventId),
      queryFn: ({ signal }) => readJson(eventRoute.$get({ param: { eventId: encodeURIComponent(eventId) } }, { init: { signal } })),
      refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false),
    }),
  );
}

export function useResend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readJson(deliveryRoute.resend.$post({ param: param(id) })),
    onSuccess: () => showToast('Queued to be sent again.'),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useResendFailed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, from, to }: { endpointId: string; from: string; to: string }) => readJson(endpointRoute['resend-failed'].$post({ param: param(endpointId), json: { from, to } })),
    onSuccess: ({ resent }) => showToast(resent === 0 ? 'No failed delivery in that range.' : `${resent} failed ${resent === 1 ? 'delivery' : 'deliveries'} queued to be sent again.`),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
