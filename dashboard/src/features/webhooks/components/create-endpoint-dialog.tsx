import { Dialog } from '../../../components/dialog/dialog.tsx';
import { useCreateEndpoint } from '../api/endpoint-changes.ts';
import { EndpointForm } from './endpoint-form.tsx';
import { EndpointSecret } from './endpoint-secret.tsx';

/**
 * Adds an endpoint. Its secret lives only as long as this dialog, so the dialog does not close by
 * Escape or a stray click while the request runs or the secret shows.
 */
export function CreateEndpointDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateEndpoint();
  const created = create.data;
  return (
    <Dialog
      title={created ? `Endpoint ${created.endpoint.url} is added` : 'Add a webhook endpoint'}
      description={created ? undefined : 'The console sends it the events chosen, signed, and retries for 3 days until it answers 2xx.'}
      onClose={onClose}
      dismissible={!create.isPending && !created}
      wide
    >
      {created ? (
        <EndpointSecret secret={created.secret} onDone={onClose} />
      ) : (
        <EndpointForm submitLabel="Add endpoint" pendingLabel="Adding…" pending={create.isPending} error={create.error} onSubmit={(fields) => create.mutate(fields)} onEdit={create.reset} onCancel={onClose} />
      )}
    </Dialog>
  );
}
