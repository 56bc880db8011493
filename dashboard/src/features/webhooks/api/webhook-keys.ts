import type { DeliveryFilters } from '../delivery-filters.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string, filters: DeliveryFilters) => [...webhookKeys.all, 'deliveries', endpointId, filters] as const,
  delivery: (id: string) => [...webhookKeys.all, 'delivery', id] as const,
  event: (eventId: string) => [...webhookKeys.all, 'event', eventId] as const,
};
