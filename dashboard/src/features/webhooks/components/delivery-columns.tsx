import { Link } from 'react-router-dom';
import { Badge } from '../../../components/badge.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import type { WebhookDelivery } from '../api/deliveries.ts';
import { attemptOutcomeWords, deliveryStatusWords } from '../delivery-words.ts';
import { eventDeliveriesPath } from '../webhook-paths.ts';

const column = dataTableColumnHelper<WebhookDelivery>();
const muted = 'text-zinc-500 dark:text-zinc-400';

/** A delivery's event, status and last attempt; `endpoint` adds a column naming the endpoint (the per-event view). */
export function deliveryColumns(endpoint?: (delivery: WebhookDelivery) => React.ReactNode) {
  return column.columns([
    column.display({
      id: 'event',
      header: 'Event',
      cell: ({ row: { original: delivery } }) => (
        <span className="block">
          <span className="block font-mono text-xs font-medium">{delivery.eventType}</span>
          {delivery.eventType === 'webhook.test' ? (
            <span className={`block text-xs ${muted}`}>test event</span>
          ) : (
            <Link to={eventDeliveriesPath(delivery.eventId)} className="block font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300" title="Every endpoint’s delivery of this event">
              {delivery.eventId.slice(0, 16)}…
            </Link>
          )}
        </span>
      ),
    }),
    ...(endpoint ? [column.display({ id: 'endpoint', header: 'Endpoint', cell: ({ row }) => endpoint(row.original) })] : []),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: delivery } }) => <Badge tone={deliveryStatusWords[delivery.status].tone}>{deliveryStatusWords[delivery.status].label}</Badge>,
    }),
    column.display({
      id: 'lastAttempt',
      header: 'Last attempt',
      cell: ({ row: { original: delivery } }) =>
        delivery.lastAttempt ? (
          <span className="block whitespace-nowrap">
            {attemptOutcomeWords(delivery.lastAttempt)}
            <span className={`block text-xs ${muted}`}>
              <RelativeTime iso={delivery.lastAttempt.at} /> · {delivery.lastAttempt.latencyMs} ms
            </span>
          </span>
        ) : (
          <span className={muted}>not yet</span>
        ),
    }),
    column.accessor('attempts', { header: 'Attempts', cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
    column.display({
      id: 'next',
      header: 'Next attempt',
      cell: ({ row: { original: delivery } }) => (delivery.nextAttemptAt ? <RelativeTime iso={delivery.nextAttemptAt} /> : <span className={muted}>—</span>),
    }),
    column.display({ id: 'created', header: 'Queued', cell: ({ row }) => <RelativeTime iso={row.original.createdAt} /> }),
  ]);
}
