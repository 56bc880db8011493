import type { FormEvent } from 'react';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useAddPasskey } from '../api/passkeys.ts';
import { PasswordlessCheckbox } from './passwordless-checkbox.tsx';

/** Names the new passkey, then lets the browser make it: the person touches their key or unlocks their device. */
export function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const add = useAddPasskey();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const form = new FormData(event.currentTarget);
    add.mutate({ name: String(form.get('name') ?? '').trim(), passwordless: form.get('passwordless') === 'on' }, { onSuccess: onClose });
  };
  return (
    <Dialog title="Add a passkey" description="Your browser then asks where to keep it: this device, your phone, or a security key." onClose={onClose} dismissible={!add.isPending}>
      <form method="post" onSubmit={submit} className="space-y-4">
        {add.error && <ErrorNotice error={add.error} showCodes={false} />}
        <TextField label="Name" name="name" required maxLength={60} autoFocus autoComplete="off" hint="So you can tell your passkeys apart, e.g. “Work laptop” or “Blue security key”." />
        <PasswordlessCheckbox />
        <FormDialogActions submitLabel="Add passkey" pendingLabel="Waiting for your passkey…" pending={add.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
