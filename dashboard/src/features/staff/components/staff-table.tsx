import { Badge } from '../../../components/badge.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { QueryDataTable } from '../../../components/data-table/query-data-table.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useStaffList, type StaffMember } from '../api/get-staff.ts';
import { RoleCell } from './role-cell.tsx';
import { SecondFactorsCell } from './second-factors-cell.tsx';
import { StaffRowActions } from './staff-row-actions.tsx';

const column = dataTableColumnHelper<StaffMember>();

const columns = column.columns([
  column.accessor('name', { header: 'Name', cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
  column.accessor('email', { header: 'Email' }),
  column.display({ id: 'role', header: 'Role', cell: ({ row }) => <RoleCell member={row.original} /> }),
  column.accessor('disabled', {
    header: 'Status',
    cell: (info) => (info.getValue() ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>),
  }),
  column.accessor('passwordSet', {
    header: 'Password',
    cell: (info) => (info.getValue() ? 'Set' : <Badge tone="warning">Awaiting setup</Badge>),
  }),
  column.display({ id: 'secondFactors', header: 'Second factor', cell: ({ row }) => <SecondFactorsCell member={row.original} /> }),
  column.accessor('createdAt', { header: 'Added', cell: (info) => <RelativeTime iso={info.getValue()} /> }),
  column.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: ({ row }) => <StaffRowActions member={row.original} /> }),
]);

const idOf = (member: StaffMember) => member.id;

export function StaffTable() {
  return <QueryDataTable label="Staff" columns={columns} query={useStaffList()} getRowId={idOf} empty="No staff yet." />;
}
