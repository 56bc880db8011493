import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_BATCH_CSV_BYTES } from '../../../../../common/batch-csv.ts';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useUploadBatch } from '../api/upload-batch.ts';

const MIB = 1024 * 1024;

function sizeWords(bytes: number): string {
  return bytes < MIB ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en')} KiB` : `${(bytes / MIB).toFixed(1)} MiB`;
}

/** Why this cannot be the batch's file, or null when it can. */
function fileProblem(files: readonly File[]): string | null {
  const [file] = files;
  if (!file) return null;
  if (files.length > 1) return `${files.length} files were dropped: a batch is one CSV file.`;
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return `${file.name} is not a CSV file. Save the sheet as "CSV UTF-8" and use that file.`;
  if (file.size > MAX_BATCH_CSV_BYTES) return `${file.name} is ${sizeWords(file.size)}; a batch file is at most ${MAX_BATCH_CSV_BYTES / MIB} MiB. Split it into several batches.`;
  return null;
}

/** Sends a CSV for a preview, chosen with the file button or dropped on the form; nothing is paid until a manager starts the batch on its page. */
export function BatchUploadForm() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadBatch();
  const navigate = useNavigate();

  const take = (files: readonly File[]) => {
    const found = fileProblem(files);
    setProblem(found);
    setFile(found ? null : (files[0] ?? null));
    upload.reset();
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    // The file button would still name the file it was given before.
    if (input.current) input.current.value = '';
    take([...event.dataTransfer.files]);
  };

  const dragOver = (event: DragEvent<HTMLDivElement>) => {
    // Without this the browser opens the dropped file instead.
    event.preventDefault();
    setDragging(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file, { onSuccess: ({ batch }) => void navigate(`/rewards/batches/${batch.id}`) });
  };

  return (
    <form aria-label="Upload a batch" onSubmit={submit} className="max-w-2xl space-y-3">
      <div
        role="group"
        aria-label="Drop the CSV file here"
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={(event) => {
          if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
        }}
        onDrop={drop}
        className={`space-y-2 rounded-lg border-2 border-dashed p-6 text-sm ${dragging ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40' : 'border-zinc-300 dark:border-zinc-700'}`}
      >
        <p className="text-zinc-700 dark:text-zinc-300">Drop the CSV file here, or choose it:</p>
        <label className="block font-medium text-zinc-900 dark:text-zinc-100">
          CSV file
          <input ref={input} type="file" accept=".csv,text/csv" className="mt-1 block text-sm" onChange={(event) => take([...(event.target.files ?? [])])} />
        </label>
        <p role="status" className="text-zinc-700 empty:hidden dark:text-zinc-300">
          {file ? `Ready to upload: ${file.name} (${sizeWords(file.size)}).` : ''}
        </p>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      {upload.error && <ErrorNotice error={upload.error} />}
      <Button type="submit" variant="primary" disabled={!file || upload.isPending}>
        {upload.isPending ? 'Reading the file…' : 'Upload and preview'}
      </Button>
    </form>
  );
}
