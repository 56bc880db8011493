import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { passwordHint } from '../../../lib/password-words.ts';
import { roleLabels, roles, roleSummaries, type Role } from '../../../lib/roles.ts';
import type { NewStaffMember } from '../api/create-staff.ts';
import { checkNewStaff, type NewStaffProblems } from '../new-staff-check.ts';

const radioClasses = 'size-4 accent-indigo-600 dark:accent-indigo-400';

interface CreateStaffFormProps {
  pending: boolean;
  /** Why the server refused the last attempt. */
  error: Error | null;
  onSubmit: (member: NewStaffMember) => void;
  /** Any field changed: the last refusal no longer describes what is in the form. */
  onEdit: () => void;
  onCancel: () => void;
}

/** Name, email, role, and how they get their first password: a one-time link, or one set now. */
export function CreateStaffForm({ pending, error, onSubmit, onEdit, onCancel }: CreateStaffFormProps) {
  const [problems, setProblems] = useState<NewStaffProblems>({});
  const [withPassword, setWithPassword] = useState(false);
  const [role, setRole] = useState<Role>('support');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkNewStaff(new FormData(event.currentTarget));
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    onSubmit(checked.member);
  };

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => error && onEdit()} className="space-y-4">
      {error && <ErrorNotice error={error} />}
      <TextField label="Name" name="name" autoComplete="off" required error={problems.name} />
      <TextField label="Email" name="email" type="email" autoComplete="off" spellCheck={false} required error={problems.email} />
      <SelectField
        label="Role"
        name="role"
        value={role}
        onChange={(event) => setRole(roles.find((candidate) => candidate === event.target.value) ?? 'support')}
        hint={roleSummaries[role]}
      >
        {roles.map((option) => (
          <option key={option} value={option}>
            {roleLabels[option]}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">First password</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="firstPassword" value="link" checked={!withPassword} onChange={() => setWithPassword(false)} className={radioClasses} />
          They choose it with a one-time link (valid 24 hours)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="firstPassword" value="initial" checked={withPassword} onChange={() => setWithPassword(true)} className={radioClasses} />
          I set an initial password now
        </label>
      </fieldset>
      {withPassword && (
        <TextField label="Initial password" name="password" type="password" autoComplete="new-password" required hint={passwordHint} error={problems.password} />
      )}
      <FormDialogActions submitLabel="Add staff member" pendingLabel="Adding…" pending={pending} onCancel={onCancel} />
    </form>
  );
}
