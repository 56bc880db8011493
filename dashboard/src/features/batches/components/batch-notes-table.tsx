import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { UserName } from '../../../components/user/user-name.tsx';
import type { BatchPreview } from '../../../display/batch/batch-types.ts';
import { rewardPath } from '../../../display/reward/reward-filters.ts';

type NoteRow = BatchPreview['notes'][number];
type Note = NoteRow['warnings'][number];

const noteText = ({ column, message }: Note) => (column ? `${column}: ${message}` : message);

/** Notes in words, one after another; a note that names an earlier reward links it. */
function NoteList({ notes }: { notes: Note[] }) {
  if (notes.length === 0) return <span className="text-zinc-500 dark:text-zinc-400">none</span>;
  return notes.map((note, index) => (
    <Fragment key={index}>
      {index > 0 && '; '}
      {noteText(note)}
      {note.rewardId && (
        <>
          {' '}
          <Link to={rewardPath(note.rewardId)} className="underline">
            Open that reward
          </Link>
        </>
      )}
    </Fragment>
  ));
}

const column = dataTableColumnHelper<NoteRow>();
const columns = column.columns([
  column.accessor('line', { header: 'Line', cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
  column.accessor('uid', { id: 'user', header: 'User', cell: ({ row }) => (row.original.uid ? <UserName uid={row.original.uid} names={row.original.userNames} /> : <span className="text-zinc-500 dark:text-zinc-400">none</span>) }),
  column.accessor('problems', { header: 'Problem (not paid)', cell: (info) => <NoteList notes={info.getValue()} /> }),
  column.accessor('warnings', { header: 'Warning (paid, worth a look)', cell: (info) => <NoteList notes={info.getValue()} /> }),
]);

const lineOf = (note: NoteRow) => String(note.line);

/** What the checks of the uploaded file found: the rows with a problem or a warning, with their line in the file. */
export function BatchNotesTable({ notes }: { notes: BatchPreview['notes'] }) {
  return <DataTable label="What the file’s checks found" columns={columns} rows={notes} getRowId={lineOf} loading={false} empty="The file’s checks found no problem and nothing to warn about." />;
}
