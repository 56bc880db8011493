import { useState, type FormEvent } from 'react';
import { MAX_ALLOWED_IPS, MAX_API_KEY_NAME_LENGTH } from '../../../../../common/limits.ts';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { timeZoneWords } from '../../../lib/format-date.ts';
import { useTimeZoneChoice } from '../../../lib/time-zone.ts';
import type { NewApiKey } from '../api/create-api-key.ts';
import { checkNewApiKey, type NewApiKeyProblems } from '../new-api-key-check.ts';
import { ScopeCheckboxes } from './scope-checkboxes.tsx';

interface CreateApiKeyFormProps {
  pending: boolean;
  /** Why the server refused the last attempt. */
  error: Error | null;
  onSubmit: (key: NewApiKey) => void;
  /** Any field changed: the last refusal no longer describes what is in the form. */
  onEdit: () => void;
  onCancel: () => void;
}

/** A key's name and scopes, and what may narrow it: an expiry, an IP allow-list, its own limits. Checked in words before anything is sent. */
export function CreateApiKeyForm({ pending, error, onSubmit, onEdit, onCancel }: CreateApiKeyFormProps) {
  const zone = useTimeZoneChoice();
  const [problems, setProblems] = useState<NewApiKeyProblems>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkNewApiKey(new FormData(event.currentTarget), new Date(), zone);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    onSubmit(checked.key);
  };

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => error && onEdit()} className="space-y-4">
      {error && <ErrorNotice error={error} />}
      <TextField label="Name" name="name" required maxLength={MAX_API_KEY_NAME_LENGTH} autoComplete="off" hint="Who uses it, e.g. Game backend (production)." error={problems.name} />
      <ScopeCheckboxes error={problems.scopes} />
      <TextField
        label="Expires on (optional)"
        name="expiresOn"
        type="date"
        hint={`The key stops working at 00:00 on this day, in ${timeZoneWords(zone)}. Empty: it works until it is revoked.`}
        error={problems.expiresOn}
      />
      <TextareaField
        label="IP allow-list (optional)"
        name="allowedIps"
        rows={3}
        monospace
        spellCheck={false}
        hint={`One address or CIDR a line, such as 203.0.113.0/24; at most ${MAX_ALLOWED_IPS}. The key is refused from any other address. Empty: any address.`}
        error={problems.allowedIps}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Limits for the rewards and refunds this key asks for (optional)</legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Amounts such as 100 or 12.5. Empty: the console’s reward limits on the Settings page apply, as for staff.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Largest reward" name="perRewardCap" inputMode="decimal" autoComplete="off" error={problems.perRewardCap} />
          <TextField label="Daily total" name="dailyTotal" inputMode="decimal" autoComplete="off" error={problems.dailyTotal} />
        </div>
      </fieldset>
      <FormDialogActions submitLabel="Create API key" pendingLabel="Creating…" pending={pending} onCancel={onCancel} />
    </form>
  );
}
