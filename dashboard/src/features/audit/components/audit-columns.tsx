import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { roleLabels } from '../../../lib/roles.ts';
import { shortenMiddle } from '../../../lib/shorten-middle.ts';
import type { AuditEvent } from '../api/get-audit-events.ts';
import { EventSentence } from './event-sentence.tsx';
import { OutcomeBadge } from './outcome-badge.tsx';

const column = dataTableColumnHelper<AuditEvent>();
const muted = 'text-zinc-500 dark:text-zinc-400';

export const auditColumns = column.columns([
  column.accessor('at', {
    header: 'Time',
    enableHiding: false,
    cell: (info) => <RelativeTime iso={info.getValue()} />,
  }),
  column.accessor('actor', {
    header: 'Who',
    enableHiding: false,
    cell: ({ row }) => {
      const { actor, clientIp, requestId } = row.original;
      if (!actor) return <span className={muted}>{clientIp !== null || requestId !== null ? 'Not signed in' : 'The console'}</span>;
      return (
        <span className="block max-w-56 truncate" title={actor.email}>
          {actor.email}
          <span className={`block text-xs ${muted}`}>{actor.role === 'api_key' ? 'API key' : roleLabels[actor.role]}</span>
        </span>
      );
    },
  }),
  column.display({
    id: 'what',
    header: 'What happened',
    enableHiding: false,
    cell: ({ row }) => <EventSentence event={row.original} />,
  }),
  column.accessor('outcome', { header: 'Outcome', enableHiding: false, cell: (info) => <OutcomeBadge outcome={info.getValue()} /> }),
  column.display({
    id: 'request',
    header: 'Request',
    cell: ({ row }) => {
      const { clientIp, requestId } = row.original;
      if (clientIp === null && requestId === null) return null;
      return (
        <span className="block font-mono text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
          <span className="block">{clientIp ?? 'no address'}</span>
          <span className="block" title={requestId ?? undefined}>
            {requestId === null ? 'no request id' : shortenMiddle(requestId)}
          </span>
        </span>
      );
    },
  }),
]);

/** The columns "Columns" can show and hide, by id. */
export const auditColumnLabels: Record<string, string> = { request: 'Request (address and id)' };
