import type { FormEvent } from 'react';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useChangePasskey, type Passkey } from '../api/passkeys.ts';
import { PasswordlessCheckbox } from './passwordless-checkbox.tsx';

/** Renames a passkey, or changes whether it signs in on its own. */
export function ChangePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const change = useChangePasskey();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const form = new FormData(event.currentTarget);
    const edit = { name: String(form.get('name') ?? '').trim(), passwordless: form.get('passwordless') === 'on' };
    if (edit.name === passkey.name && edit.passwordless === passkey.passwordless) return onClose();
    change.mutate({ id: passkey.id, change: edit }, { onSuccess: onClose });
  };
  return (
    <Dialog title={`Change passkey “${passkey.name}”`} onClose={onClose} dismissible={!change.isPending}>
      <form method="post" onSubmit={submit} className="space-y-4">
        {change.error && <ErrorNotice error={change.error} showCodes={false} />}
        <TextField label="Name" name="name" required maxLength={60} autoFocus autoComplete="off" defaultValue={passkey.name} />
        <PasswordlessCheckbox defaultChecked={passkey.passwordless} />
        <FormDialogActions submitLabel="Save" pendingLabel="Saving…" pending={change.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
