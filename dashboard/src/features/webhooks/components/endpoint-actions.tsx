import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DataTableRowActions } from '../../../components/data-table/data-table-row-actions.tsx';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { DropdownMenuItem } from '../../../components/menu/dropdown-menu.tsx';
import { useDeleteEndpoint, useSendTest, useUpdateEndpoint } from '../api/endpoint-changes.ts';
import type { WebhookEndpoint } from '../api/get-endpoints.ts';
import { endpointPath } from '../webhook-paths.ts';
import { EditEndpointDialog } from './edit-endpoint-dialog.tsx';
import { RotateSecretDialog } from './rotate-secret-dialog.tsx';

/** An endpoint's row menu: its log, a test event, edit, switch off or on, rotate its secret, delete after saying what that does. */
export function EndpointActions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState<'edit' | 'rotate' | 'delete' | null>(null);
  const navigate = useNavigate();
  const sendTest = useSendTest();
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const close = () => {
    setOpen(null);
    remove.reset();
  };
  const items: DropdownMenuItem[] = [
    { label: 'Delivery log', onSelect: () => void navigate(endpointPath(endpoint.id)) },
    { label: 'Send a test event', onSelect: () => sendTest.mutate(endpoint.id, { onSuccess: () => void navigate(endpointPath(endpoint.id)) }), disabled: !endpoint.enabled || sendTest.isPending },
    { label: 'Edit…', onSelect: () => setOpen('edit') },
    endpoint.enabled
      ? { label: 'Switch off', onSelect: () => update.mutate({ id: endpoint.id, change: { enabled: false } }) }
      : { label: 'Switch on', onSelect: () => update.mutate({ id: endpoint.id, change: { enabled: true } }) },
    { label: 'Rotate secret…', onSelect: () => setOpen('rotate') },
    { label: 'Delete…', onSelect: () => setOpen('delete') },
  ];
  const failed = sendTest.error ?? update.error;
  return (
    <div className="flex items-center justify-end gap-2">
      {failed && <span role="alert" className="max-w-40 text-xs text-red-700 dark:text-red-400">{failed.message}</span>}
      <DataTableRowActions label={`Actions for ${endpoint.url}`} items={items} />
      {open === 'edit' && <EditEndpointDialog endpoint={endpoint} onClose={close} />}
      {open === 'rotate' && <RotateSecretDialog endpoint={endpoint} onClose={close} />}
      {open === 'delete' && (
        <ConfirmDialog
          title={`Delete the endpoint ${endpoint.url}?`}
          consequence={`The console stops sending it events at once${endpoint.counts.pending > 0 ? `, and the ${endpoint.counts.pending} ${endpoint.counts.pending === 1 ? 'delivery' : 'deliveries'} still waiting are dropped` : ''}. Its delivery log goes with it. Its signing secret stops meaning anything. This cannot be undone; to pause it instead, switch it off.`}
          confirmLabel="Delete endpoint"
          tone="danger"
          pending={remove.isPending}
          error={remove.error && <ErrorNotice error={remove.error} />}
          onConfirm={() => remove.mutate({ id: endpoint.id, url: endpoint.url }, { onSuccess: close })}
          onCancel={close}
        />
      )}
    </div>
  );
}
