import type { BatchPreview } from '../api/get-batch.ts';

const noteText = ({ column, message }: { column: string | null; message: string }) => (column ? `${column}: ${message}` : message);

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
            <td>{note.problems.map(noteText).join('; ')}</td>
            <td>{note.warnings.map(noteText).join('; ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
