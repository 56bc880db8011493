import { Dialog } from '../../../components/dialog/dialog.tsx';
import { useUpdateEndpoint } from '../api/endpoint-changes.ts';
import type { WebhookEndpoint } from '../api/get-endpoints.ts';
import { EndpointForm } from './endpoint-form.tsx';

/** Changes an endpoint's URL, description or events; its secret stays. */
export function EditEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const update = useUpdateEndpoint();
  return (
    <Dialog title={`Edit the endpoint ${endpoint.url}`} description="Deliveries already queued go to the URL they were queued for." onClose={onClose} dismissible={!update.isPending} wide>
      <EndpointForm
        initial={endpoint}
        submitLabel="Save endpoint"
        pendingLabel="Saving…"
        pending={update.isPending}
        error={update.error}
        onSubmit={(change) => update.mutate({ id: endpoint.id, change }, { onSuccess: onClose })}
        onEdit={update.reset}
        onCancel={onClose}
      />
    </Dialog>
  );
}
