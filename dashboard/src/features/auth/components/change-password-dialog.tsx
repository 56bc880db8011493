import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { DialogActions, FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { checkNewPassword, type NewPasswordProblems } from '../new-password-check.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const isWrongPassword = (error: Error | null) => error instanceof ApiRequestError && error.code === 'wrong_password';

/** Changes the signed-in staff member's own password; `email` lets password managers file the new one. */
export function ChangePasswordDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const change = useChangePassword();
  const [problems, setProblems] = useState<NewPasswordProblems>({});

  if (change.isSuccess) {
    return (
      <Dialog title="Password changed" description="Use the new password the next time you sign in." onClose={onClose}>
        <DialogActions>
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const form = new FormData(event.currentTarget);
    const checked = checkNewPassword(form);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    change.mutate({ currentPassword: String(form.get('currentPassword') ?? ''), newPassword: checked.password });
  };

  const wrongPassword = isWrongPassword(change.error);
  return (
    <Dialog title="Change your password" onClose={onClose} dismissible={!change.isPending}>
      <form method="post" noValidate onSubmit={submit} className="space-y-4">
        {change.error && !wrongPassword && <ErrorNotice error={change.error} />}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={wrongPassword ? 'This is not your current password.' : undefined}
        />
        <NewPasswordFields problems={problems} />
        <FormDialogActions submitLabel="Change password" pendingLabel="Changing…" pending={change.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
