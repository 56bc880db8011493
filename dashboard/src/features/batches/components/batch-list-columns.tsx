import { Link } from 'react-router-dom';
import { Badge } from '../../../components/badge.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DateTime } from '../../../components/date-time.tsx';
import type { BatchListItem } from '../../../display/batch/batch-types.ts';
import { batchesViewPath, batchPath } from '../../../display/batch/batch-filters.ts';
import { approvalWords, batchStateTones, batchStateWords } from '../../../display/batch/batch-states.ts';

const column = dataTableColumnHelper<BatchListItem>();
const muted = 'text-zinc-500 dark:text-zinc-400';

function ProgressCell({ progress }: { progress: BatchListItem['progress'] }) {
  if (progress.total === 0) return <span className={muted}>Not started</span>;
  const parts = [`${progress.done} paid`, `${progress.failed} failed`, ...(progress.cancelled > 0 ? [`${progress.cancelled} cancelled`] : []), `${progress.remaining} to go`];
  return (
    <span className="block min-w-28 text-xs tabular-nums">
      {parts.map((part, index) => (
        <span key={part} className="whitespace-nowrap">
          {index > 0 && ' · '}
          {part}
        </span>
      ))}
    </span>
  );
}

export const batchListColumns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: ({ row }) => (
      <Link to={batchPath(row.original.id)} title={row.original.id} className="block min-w-32 font-medium break-words text-indigo-700 hover:underline dark:text-indigo-300">
        {row.original.name ?? 'Batch without a file name'}
      </Link>
    ),
  }),
  column.accessor('requester', {
    header: 'Requested by',
    cell: (info) => {
      const { email, id } = info.getValue();
      if (email === null) return <span className={muted}>{id}</span>;
      return (
        <Link to={batchesViewPath({ requester: email })} title="Show the batches this person uploaded" className="whitespace-nowrap hover:underline">
          {email}
        </Link>
      );
    },
  }),
  column.accessor('state', { header: 'State', cell: (info) => <Badge tone={batchStateTones[info.getValue()]}>{batchStateWords[info.getValue()]}</Badge> }),
  column.accessor('progress', { header: 'Progress', cell: (info) => <ProgressCell progress={info.getValue()} /> }),
  column.accessor('total', { header: 'Total', cell: (info) => <span className="font-mono whitespace-nowrap tabular-nums">{info.getValue()}</span> }),
  column.display({ id: 'approval', header: 'Approval', cell: ({ row }) => <span className="block min-w-24">{approvalWords(row.original)}</span> }),
  column.accessor('createdAt', { header: 'Created', cell: (info) => <span className="text-xs"><DateTime iso={info.getValue()} /></span> }),
]);
