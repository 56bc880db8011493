import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useCompleteSetup } from '../api/complete-setup.ts';
import { checkNewPassword, type NewPasswordProblems } from '../new-password-check.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** A new staff member chooses a password with the one-time token from their setup link. */
export function SetupForm({ token }: { token: string }) {
  const setup = useCompleteSetup();
  const [problems, setProblems] = useState<NewPasswordProblems>({});

  if (setup.isSuccess) {
    return (
      <>
        <Notice>{`Your password is set for ${setup.data.email}. The setup link no longer works.`}</Notice>
        <Link to="/sign-in" className="block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Sign in
        </Link>
      </>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setup.isPending) return;
    const checked = checkNewPassword(new FormData(event.currentTarget));
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setup.mutate({ token, password: checked.password });
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4">
      {setup.error && <ErrorNotice error={setup.error} />}
      <NewPasswordFields problems={problems} label="Password" />
      <Button type="submit" variant="primary" className="w-full" disabled={setup.isPending} aria-busy={setup.isPending}>
        {setup.isPending ? 'Setting the password…' : 'Set password'}
      </Button>
    </form>
  );
}
