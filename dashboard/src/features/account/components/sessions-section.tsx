import { Badge } from '../../../components/badge.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { QueryDataTable } from '../../../components/data-table/query-data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useMySessions, type MySession } from '../api/my-sessions.ts';
import { EndSessionButton } from './end-session-button.tsx';

const column = dataTableColumnHelper<MySession>();

const columns = column.columns([
  column.accessor('device', {
    header: 'Device',
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{row.original.device}</span>
        {row.original.current && <Badge tone="success">This device</Badge>}
      </span>
    ),
  }),
  column.accessor('ip', { header: 'Address', cell: (info) => <span className="font-mono text-xs">{info.getValue() ?? 'Not known'}</span> }),
  column.accessor('createdAt', { header: 'Signed in', cell: (info) => <DateTime iso={info.getValue()} /> }),
  column.accessor('lastSeenAt', { header: 'Last seen', cell: (info) => <RelativeTime iso={info.getValue()} /> }),
  column.display({ id: 'end', header: () => <span className="sr-only">End</span>, cell: ({ row }) => <EndSessionButton session={row.original} /> }),
]);

const idOf = (session: MySession) => session.id;

/** Every browser the member is signed in on, this one marked, each with a way to end it. */
export function SessionsSection() {
  return (
    <PageSection title="Where you are signed in" description="Each browser you signed in on and has not signed out of. End any you do not recognise, then change your password.">
      <QueryDataTable label="Your sessions" columns={columns} query={useMySessions()} getRowId={idOf} empty="No sessions." />
    </PageSection>
  );
}
