import { Badge } from '../../../components/badge.tsx';
import type { WebhookEndpoint } from '../api/get-endpoints.ts';
import { endpointStatusWords } from '../delivery-words.ts';

export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const status = endpointStatusWords(endpoint);
  return (
    <span title={status.why}>
      <Badge tone={status.tone}>{status.label}</Badge>
    </span>
  );
}
