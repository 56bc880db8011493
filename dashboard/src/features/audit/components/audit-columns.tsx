import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { roleLabels } from '../../../lib/roles.ts';
import type { AuditEvent } from '../api/get-audit-events.ts';
import { AuditTarget } from './audit-target.tsx';
import { EventDetails } from './event-details.tsx';
import { OutcomeBadge } from './outcome-badge.tsx';

const column = dataTableColumnHelper<AuditEvent>();
const muted = 'text-zinc-500 dark:text-zinc-400';
const code = 'font-mono text-xs';

export const auditColumnLabels: Record<string, string> = {
  at: 'Time',
  actor: 'Actor',
  action: 'Action',
  target: 'Target',
  outcome: 'Outcome',
  upstream: 'Platform',
  request: 'Request',
  details: 'Details',
};

/** Hidden until asked for under "Columns", so that the others fit without scrolling sideways. */
export const defaultHiddenAuditColumns = ['upstream', 'request'];

export const auditColumns = column.columns([
  column.accessor('at', {
    header: auditColumnLabels.at,
    cell: (info) => <RelativeTime iso={info.getValue()} />,
  }),
  column.accessor('actor', {
    header: auditColumnLabels.actor,
    cell: (info) => {
      const actor = info.getValue();
      if (!actor) return <span className={`${muted} whitespace-nowrap`}>nobody signed in</span>;
      return (
        <span className="flex items-baseline gap-1 whitespace-nowrap">
          <span className="max-w-48 truncate" title={actor.email}>
            {actor.email}
          </span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">{roleLabels[actor.role]}</span>
        </span>
      );
    },
  }),
  column.accessor('action', { header: auditColumnLabels.action, cell: (info) => <span className={`${code} whitespace-nowrap`}>{info.getValue()}</span> }),
  column.accessor('target', {
    header: auditColumnLabels.target,
    cell: (info) => <AuditTarget target={info.getValue()} />,
  }),
  column.accessor('outcome', { header: auditColumnLabels.outcome, cell: (info) => <OutcomeBadge outcome={info.getValue()} /> }),
  column.accessor('upstream', {
    header: auditColumnLabels.upstream,
    cell: (info) => {
      const upstream = info.getValue();
      return upstream ? <span className={`${code} whitespace-nowrap`}>{`${upstream.status ?? 'no answer'} ${upstream.code}`}</span> : null;
    },
  }),
  column.display({
    id: 'request',
    header: auditColumnLabels.request,
    cell: ({ row }) => (
      <span className={`${code} block text-zinc-600 dark:text-zinc-400`}>
        <span className="block">{row.original.clientIp ?? 'no IP'}</span>
        <span className="block">{row.original.requestId ?? 'no id'}</span>
      </span>
    ),
  }),
  column.accessor('details', { header: auditColumnLabels.details, cell: (info) => <EventDetails details={info.getValue()} /> }),
]);
