import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { QueryDataTable } from '../../../components/data-table/query-data-table.tsx';
import { JsonViewer } from '../../../components/json-viewer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { RetryableError } from '../../../components/retryable-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useTimeZoneChoice } from '../../../lib/time-zone.ts';
import { useEventDeliveries, type WebhookDelivery } from '../api/deliveries.ts';
import { useEndpoints } from '../api/get-endpoints.ts';
import { deliveryColumns } from '../components/delivery-columns.tsx';
import { DeliveryDialog } from '../components/delivery-dialog.tsx';
import { endpointPath, WEBHOOKS_PATH } from '../webhook-paths.ts';

const idOf = (delivery: WebhookDelivery) => delivery.id;

function EndpointCell({ delivery }: { delivery: WebhookDelivery }) {
  const endpoints = useEndpoints();
  const endpoint = endpoints.data?.find((known) => known.id === delivery.endpointId);
  return (
    <Link to={endpointPath(delivery.endpointId)} className="block max-w-64 truncate font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300" title={endpoint?.url}>
      {endpoint?.url ?? delivery.endpointId}
    </Link>
  );
}

const columns = deliveryColumns((delivery) => <EndpointCell delivery={delivery} />);

/** One event, as it was sent, and its delivery to every endpoint; reachable by URL from anywhere that names the event. */
export function EventDeliveriesPage() {
  const { eventId = '' } = useParams();
  const zone = useTimeZoneChoice();
  const answer = useEventDeliveries(eventId);
  const [opened, setOpened] = useState<string | null>(null);
  if (answer.isPending) return <Spinner label="Reading the event" />;
  if (answer.isError) return <RetryableError error={answer.error} message={`The event could not be read: ${answer.error.message}`} onRetry={() => void answer.refetch()} />;
  const { event, deliveries } = answer.data;
  return (
    <>
      <PageHeader
        title={`Event ${event.type}`}
        description={`At ${formatDateTime(event.at, zone)}, sent to ${deliveries.length} ${deliveries.length === 1 ? 'endpoint' : 'endpoints'}.`}
        meta={
          <span className="flex flex-wrap gap-3 text-sm">
            <span className="font-mono text-xs">{event.id}</span>
            <Link to={WEBHOOKS_PATH} className="text-indigo-700 hover:underline dark:text-indigo-300">
              All endpoints
            </Link>
          </span>
        }
      />
      <div className="space-y-8">
        <QueryDataTable label="Deliveries of this event" columns={columns} query={{ data: deliveries, isPending: false, error: null }} getRowId={idOf} empty="No endpoint wanted this event." onRowOpen={(delivery) => setOpened(delivery.id)} />
        <PageSection title="What was sent" description="The event’s data: its object as the public API showed it then.">
          <JsonViewer value={event.data} label="The event’s data" />
        </PageSection>
      </div>
      {opened && <DeliveryDialog deliveryId={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
