import { Link } from 'react-router-dom';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { QueryDataTable } from '../../../components/data-table/query-data-table.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useEndpoints, type WebhookEndpoint } from '../api/get-endpoints.ts';
import { endpointPath } from '../webhook-paths.ts';
import { EndpointActions } from './endpoint-actions.tsx';
import { EndpointStatus } from './endpoint-status.tsx';

const column = dataTableColumnHelper<WebhookEndpoint>();
const muted = 'text-zinc-500 dark:text-zinc-400';
const secondLine = `block text-xs ${muted}`;
const linkClasses = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';

const columns = column.columns([
  column.display({
    id: 'endpoint',
    header: 'Endpoint',
    cell: ({ row: { original: endpoint } }) => (
      <span className="block max-w-72">
        <Link to={endpointPath(endpoint.id)} className={`block truncate font-mono text-xs ${linkClasses}`} title={endpoint.url}>
          {endpoint.url}
        </Link>
        {endpoint.description && (
          <span className={`${secondLine} truncate`} title={endpoint.description}>
            {endpoint.description}
          </span>
        )}
      </span>
    ),
  }),
  column.accessor('events', {
    header: 'Events',
    cell: (info) => {
      const events = info.getValue();
      return (
        <span className="block max-w-52 truncate font-mono text-xs" title={events.join('\n')}>
          {events.length <= 2 ? events.join(', ') : `${events.slice(0, 2).join(', ')} +${events.length - 2}`}
        </span>
      );
    },
  }),
  column.display({ id: 'status', header: 'Status', cell: ({ row }) => <EndpointStatus endpoint={row.original} /> }),
  column.display({
    id: 'deliveries',
    header: 'Waiting · failed',
    cell: ({ row: { original: endpoint } }) => (
      <span className="whitespace-nowrap tabular-nums">
        <Link to={endpointPath(endpoint.id, { status: 'pending' })} className={linkClasses} aria-label={`${endpoint.counts.pending} waiting`}>
          {endpoint.counts.pending}
        </Link>
        <span className={muted}> · </span>
        <Link
          to={endpointPath(endpoint.id, { status: 'failed' })}
          className={endpoint.counts.failed > 0 ? 'font-medium text-red-700 hover:underline dark:text-red-400' : linkClasses}
          aria-label={`${endpoint.counts.failed} failed`}
        >
          {endpoint.counts.failed}
        </Link>
      </span>
    ),
  }),
  column.display({
    id: 'secret',
    header: 'Secret',
    cell: ({ row: { original: endpoint } }) => (
      <span className="block">
        <span className="font-mono text-xs whitespace-nowrap">{endpoint.secretHint}</span>
        {endpoint.previousSecretValidUntil && (
          <span className={secondLine}>
            old one until <RelativeTime iso={endpoint.previousSecretValidUntil} />
          </span>
        )}
      </span>
    ),
  }),
  column.display({
    id: 'created',
    header: 'Added',
    cell: ({ row: { original: endpoint } }) => (
      <span className="block">
        <RelativeTime iso={endpoint.createdAt} />
        <span className={`${secondLine} max-w-32 truncate`} title={endpoint.createdBy?.email}>
          {endpoint.createdBy ? `by ${endpoint.createdBy.email}` : 'by someone no longer on staff'}
        </span>
      </span>
    ),
  }),
  column.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: ({ row }) => <EndpointActions endpoint={row.original} /> }),
]);

const idOf = (endpoint: WebhookEndpoint) => endpoint.id;

export function EndpointsTable() {
  return <QueryDataTable label="Webhook endpoints" columns={columns} query={useEndpoints()} getRowId={idOf} empty="No webhook endpoints yet. Add one to send the app’s backend events as they happen." />;
}
