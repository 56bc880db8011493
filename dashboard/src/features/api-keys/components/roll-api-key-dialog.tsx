import { useState, type FormEvent } from 'react';
import { DEFAULT_ROLL_OVERLAP_HOURS, MAX_ROLL_OVERLAP_HOURS } from '../../../../../common/limits.ts';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { readOverlapHours } from '../../../lib/overlap-hours.ts';
import type { ApiKey } from '../api/get-api-keys.ts';
import { useRollApiKey } from '../api/roll-api-key.ts';
import { ApiKeySecret } from './api-key-secret.tsx';

/**
 * Gives a key a new secret after saying what that does and for how long the old one still works; then
 * the new secret, shown once. The dialog does not close by Escape or a stray click while it shows.
 */
export function RollApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const roll = useRollApiKey();
  const [problem, setProblem] = useState<string | undefined>();
  const rolled = roll.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (roll.isPending) return;
    const overlap = readOverlapHours(String(new FormData(event.currentTarget).get('overlapHours') ?? ''), MAX_ROLL_OVERLAP_HOURS, '30 days');
    setProblem('problem' in overlap ? overlap.problem : undefined);
    if ('hours' in overlap) roll.mutate({ id: apiKey.id, overlapHours: overlap.hours });
  };

  return (
    <Dialog
      title={rolled ? `API key “${apiKey.name}” has a new secret` : `Roll the API key “${apiKey.name}”?`}
      description={
        rolled
          ? rolled.apiKey.previousValidUntil
            ? `The old secret works until ${formatDateTime(rolled.apiKey.previousValidUntil)}; put the new one in place before then.`
            : 'The old secret no longer works.'
          : 'The key gets a new secret, which works at once. Its name, scopes, limits and allow-list stay. The old secret keeps working for the hours you choose, so the app’s backend can switch without a failed request; then it stops.'
      }
      onClose={onClose}
      dismissible={!roll.isPending && !rolled}
      wide={Boolean(rolled)}
    >
      {rolled ? (
        <ApiKeySecret secret={rolled.secret} apiKey={rolled.apiKey} onDone={onClose} />
      ) : (
        <form method="post" noValidate onSubmit={submit} onChange={() => roll.error && roll.reset()} className="space-y-4">
          {roll.error && <ErrorNotice error={roll.error} />}
          <TextField
            label="Old secret keeps working for (hours)"
            name="overlapHours"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={String(DEFAULT_ROLL_OVERLAP_HOURS)}
            hint="0 stops the old secret now: do that when it may have leaked."
            error={problem}
          />
          <FormDialogActions submitLabel="Roll key" pendingLabel="Rolling…" pending={roll.isPending} onCancel={onClose} tone="danger" />
        </form>
      )}
    </Dialog>
  );
}
