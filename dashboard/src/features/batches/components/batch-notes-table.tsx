import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { BatchPreview } from '../api/get-batch.ts';
import { rewardPath } from '../../rewards/reward-filters.ts';

type Note = BatchPreview['notes'][number]['warnings'][number];

const noteText = ({ column, message }: Note) => (column ? `${column}: ${message}` : message);

/** Notes in words, one after another; a note that names an earlier reward links it. */
function NoteList({ notes }: { notes: Note[] }) {
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

/** The rows with a problem (not paid) or a warning (paid), with their line in the file. */
export function BatchNotesTable({ notes }: { notes: BatchPreview['notes'] }) {
  if (notes.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Every row is valid.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Rows with problems or warnings</caption>
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col">User</th>
          <th scope="col">Problem (not paid)</th>
          <th scope="col">Warning</th>
        </tr>
      </thead>
      <tbody>
        {notes.map((note) => (
          <tr key={note.line} className="border-t border-zinc-200 dark:border-zinc-800">
            <td className="tabular-nums">{note.line}</td>
            <td className="font-mono text-xs">{note.uid}</td>
            <td>
              <NoteList notes={note.problems} />
            </td>
            <td>
              <NoteList notes={note.warnings} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
