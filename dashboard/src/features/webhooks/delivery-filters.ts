/** What the delivery log shows: every delivery, or those of one status. Kept in the URL. */
export interface DeliveryFilters {
  status: 'failed' | 'pending' | 'delivered' | null;
}

export const DELIVERY_STATUSES = ['failed', 'pending', 'delivered'] as const;

export function readDeliveryFilters(params: URLSearchParams): DeliveryFilters {
  const status = params.get('status');
  return { status: DELIVERY_STATUSES.find((known) => known === status) ?? null };
}

export function deliveryFilterParams(filters: DeliveryFilters): URLSearchParams {
  return new URLSearchParams(filters.status ? { status: filters.status } : {});
}
