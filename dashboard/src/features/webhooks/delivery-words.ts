import type { BadgeTone } from '../../components/badge.tsx';
import type { WebhookAttempt, WebhookDelivery } from './api/deliveries.ts';
import type { WebhookEndpoint } from './api/get-endpoints.ts';

export const deliveryStatusWords: Record<WebhookDelivery['status'], { label: string; tone: BadgeTone }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Waiting', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** An attempt's outcome in a few words: "200", "HTTP 500", "No answer within 10 s". */
export function attemptOutcomeWords(attempt: Pick<WebhookAttempt, 'outcome' | 'status'>): string {
  switch (attempt.outcome) {
    case 'delivered':
      return attempt.status === null ? 'Delivered' : `Delivered (${attempt.status})`;
    case 'http_error':
      return `HTTP ${attempt.status ?? '?'}`;
    case 'timeout':
      return 'No answer within 10 s';
    case 'refused':
      return 'Connection refused';
    case 'error':
      return 'Could not be sent';
  }
}

/** Why an endpoint is off, or that it is on. */
export function endpointStatusWords(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason' | 'failingSince'>): { label: string; tone: BadgeTone; why?: string } {
  if (endpoint.enabled) return endpoint.failingSince ? { label: 'On, failing', tone: 'warning', why: 'Its deliveries fail; after 3 days of failures it is switched off.' } : { label: 'On', tone: 'success' };
  switch (endpoint.disabledReason) {
    case 'gone':
      return { label: 'Off: 410 Gone', tone: 'danger', why: 'It answered 410 Gone, so the console switched it off.' };
    case 'failing':
      return { label: 'Off: failed 3 days', tone: 'danger', why: 'Its deliveries failed for 3 days, so the console switched it off.' };
    default:
      return { label: 'Off', tone: 'neutral', why: 'An admin switched it off.' };
  }
}
