import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useUploadBatch } from '../api/upload-batch.ts';

/** Sends a CSV for a preview; nothing is paid until a manager starts the batch on its page. */
export function BatchUploadForm() {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadBatch();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file, { onSuccess: ({ batch }) => void navigate(`/rewards/batches/${batch.id}`) });
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <label className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
        CSV file (header uid,amount,memo and optionally metadata; UTF-8; at most 50,000 rows)
        <input type="file" accept=".csv,text/csv" className="mt-1 block text-sm" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      {upload.error && <ErrorNotice error={upload.error} />}
      <Button type="submit" variant="primary" disabled={!file || upload.isPending}>
        {upload.isPending ? 'Reading the file…' : 'Upload and preview'}
      </Button>
    </form>
  );
}
