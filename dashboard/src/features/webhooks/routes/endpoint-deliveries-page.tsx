import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RetryableError } from '../../../components/retryable-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useDeliveries, type WebhookDelivery } from '../api/deliveries.ts';
import { useSendTest } from '../api/endpoint-changes.ts';
import { useEndpoint, type WebhookEndpoint } from '../api/get-endpoints.ts';
import { deliveryColumns } from '../components/delivery-columns.tsx';
import { DeliveryDialog } from '../components/delivery-dialog.tsx';
import { EndpointStatus } from '../components/endpoint-status.tsx';
import { ResendFailedDialog } from '../components/resend-failed-dialog.tsx';
import { DELIVERY_STATUSES, deliveryFilterParams, readDeliveryFilters, type DeliveryFilters } from '../delivery-filters.ts';
import { deliveryStatusWords } from '../delivery-words.ts';
import { WEBHOOKS_PATH } from '../webhook-paths.ts';

const columns = deliveryColumns();
const idOf = (delivery: WebhookDelivery) => delivery.id;
const tabClasses = (on: boolean) =>
  `rounded-md px-2.5 py-1 text-sm font-medium ${on ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'}`;

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { filters, apply } = useUrlFilters(readDeliveryFilters, deliveryFilterParams);
  const [opened, setOpened] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const sendTest = useSendTest();
  const choices: DeliveryFilters['status'][] = [null, ...DELIVERY_STATUSES];
  return (
    <>
      <PageHeader
        title="Delivery log"
        description={<span className="font-mono text-sm break-all">{endpoint.url}</span>}
        status={<EndpointStatus endpoint={endpoint} />}
        meta={
          <Link to={WEBHOOKS_PATH} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
            All endpoints
          </Link>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => sendTest.mutate(endpoint.id)} disabled={!endpoint.enabled || sendTest.isPending} title={endpoint.enabled ? undefined : 'Switch the endpoint on first'}>
              {sendTest.isPending ? 'Sending…' : 'Send a test event'}
            </Button>
            <Button onClick={() => setResending(true)}>Send failed again…</Button>
          </div>
        }
      />
      {sendTest.error && (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
          {`The test event could not be queued: ${sendTest.error.message}`}
        </p>
      )}
      <div role="group" aria-label="Show deliveries" className="mb-3 flex flex-wrap gap-1">
        {choices.map((status) => (
          <button key={status ?? 'all'} type="button" aria-pressed={filters.status === status} className={tabClasses(filters.status === status)} onClick={() => apply({ status })}>
            {status ? deliveryStatusWords[status].label : 'All'}
          </button>
        ))}
      </div>
      <PagedDataTable
        label="Deliveries"
        columns={columns}
        query={useDeliveries(endpoint.id, filters)}
        getRowId={idOf}
        empty={filters.status ? `No ${deliveryStatusWords[filters.status].label.toLowerCase()} deliveries.` : 'Nothing sent to this endpoint yet. Send a test event to try it.'}
        onRowOpen={(delivery) => setOpened(delivery.id)}
      />
      {opened && <DeliveryDialog deliveryId={opened} onClose={() => setOpened(null)} />}
      {resending && <ResendFailedDialog endpoint={endpoint} onClose={() => setResending(false)} />}
    </>
  );
}

/** An endpoint's deliveries, newest first, with a filter for the failed ones; a row opens its attempts. */
export function EndpointDeliveriesPage() {
  const { id = '' } = useParams();
  const endpoint = useEndpoint(id);
  if (endpoint.isPending) return <Spinner label="Reading the endpoint" />;
  if (endpoint.isError) return <RetryableError error={endpoint.error} message={`The endpoint could not be read: ${endpoint.error.message}`} onRetry={() => void endpoint.refetch()} />;
  if (!endpoint.data) return <ErrorState title="No such endpoint" message="No webhook endpoint has this id; it may have been deleted." actions={<Link to={WEBHOOKS_PATH}>All endpoints</Link>} />;
  return <DeliveryLog endpoint={endpoint.data} />;
}
