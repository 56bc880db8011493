import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DateTime } from '../../../components/date-time.tsx';
import { roleLabels } from '../../../lib/roles.ts';
import type { AuditEvent } from '../api/get-audit-events.ts';
import { AuditTarget } from './audit-target.tsx';
import { EventDetails } from './event-details.tsx';
import { OutcomeBadge } from './outcome-badge.tsx';

const column = dataTableColumnHelper<AuditEvent>();
const muted = 'text-zinc-500 dark:text-zinc-400';
const code = 'font-mono text-xs';

export const auditColumns = column.columns([
  column.accessor('at', {
    header: 'Time',
    cell: (info) => <DateTime iso={info.getValue()} />,
  }),
  column.accessor('actor', {
    header: 'Actor',
    cell: (info) => {
      const actor = info.getValue();
      if (!actor) return <span className={muted}>nobody signed in</span>;
      return (
        <>
          <span className="block">{actor.email}</span>
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">{roleLabels[actor.role]}</span>
        </>
      );
    },
  }),
  column.accessor('action', { header: 'Action', cell: (info) => <span className={`${code} whitespace-nowrap`}>{info.getValue()}</span> }),
  column.accessor('target', {
    header: 'Target',
    cell: (info) => <AuditTarget target={info.getValue()} />,
  }),
  column.accessor('outcome', { header: 'Outcome', cell: (info) => <OutcomeBadge outcome={info.getValue()} /> }),
  column.accessor('upstream', {
    header: 'Platform',
    cell: (info) => {
      const upstream = info.getValue();
      return upstream ? <span className={code}>{`${upstream.status ?? 'no answer'} ${upstream.code}`}</span> : null;
    },
  }),
  column.display({
    id: 'request',
    header: 'Request',
    cell: ({ row }) => (
      <span className={`${code} block text-zinc-600 dark:text-zinc-400`}>
        <span className="block">{row.original.clientIp ?? 'no IP'}</span>
        <span className="block">{row.original.requestId ?? 'no id'}</span>
      </span>
    ),
  }),
  column.accessor('details', { header: 'Details', cell: (info) => <EventDetails details={info.getValue()} /> }),
]);
