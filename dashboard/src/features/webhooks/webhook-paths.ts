import { deliveryFilterParams, type DeliveryFilters } from './delivery-filters.ts';

export const WEBHOOKS_PATH = '/webhooks';

/** An endpoint's delivery log, filtered when asked. */
export function endpointPath(id: string, filters?: DeliveryFilters): string {
  const query = filters ? deliveryFilterParams(filters).toString() : '';
  return `${WEBHOOKS_PATH}/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
}

/** One event's deliveries to every endpoint. */
export function eventDeliveriesPath(eventId: string): string {
  return `${WEBHOOKS_PATH}/events/${encodeURIComponent(eventId)}`;
}
