import { TextField } from '../../../components/form/text-field.tsx';
import type { NewPasswordProblems } from '../new-password-check.ts';
import { passwordHint } from '../../../lib/password-words.ts';

/** "New password" and "Repeat it", marked up so password managers offer to generate and save one. */
export function NewPasswordFields({ problems, label = 'New password' }: { problems: NewPasswordProblems; label?: string }) {
  return (
    <>
      <TextField label={label} name="newPassword" type="password" autoComplete="new-password" required hint={passwordHint} error={problems.password} />
      <TextField label="Repeat the new password" name="confirmation" type="password" autoComplete="new-password" required error={problems.confirmation} />
    </>
  );
}
