import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { requiredTextProblem } from '../../../lib/required-text.ts';
import { useCreateIngestToken } from '../api/create-ingest-token.ts';
import { IngestTokenResult } from './ingest-token-result.tsx';

const MAX_NAME_LENGTH = 100;

/**
 * Creates an ingest token. The token lives only as long as this dialog, so the dialog does not
 * close by Escape or a stray click while the request runs or the token shows.
 */
export function CreateIngestTokenDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateIngestToken();
  const [problem, setProblem] = useState<string | undefined>();
  const created = create.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    const found = requiredTextProblem(name, { name: 'name', maxLength: MAX_NAME_LENGTH, whenEmpty: 'Name the token after who uses it.' });
    setProblem(found ?? undefined);
    if (!found) create.mutate(name);
  };

  return (
    <Dialog
      title={created ? `Ingest token "${created.ingestToken.name}" is created` : 'Create an ingest token'}
      description={created ? undefined : "The app's backend uses it to send the console the ids of payments it sees."}
      onClose={onClose}
      dismissible={!create.isPending && !created}
    >
      {created ? (
        <IngestTokenResult created={created} onDone={onClose} />
      ) : (
        <form method="post" noValidate onSubmit={submit} className="space-y-4">
          {create.error && <ErrorNotice error={create.error} />}
          <TextField label="Name" name="name" required maxLength={MAX_NAME_LENGTH} autoComplete="off" hint="Who uses it, e.g. App backend (production)." error={problem} />
          <FormDialogActions submitLabel="Create token" pendingLabel="Creating…" pending={create.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
