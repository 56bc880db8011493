import type { FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { signInErrorMessage } from '../sign-in-error.ts';

/** Email and password, named and marked up so password managers fill them in. */
export function SignInForm() {
  const signIn = useSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') });
  };

  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      {signIn.error && <ErrorNotice error={signIn.error} message={signInErrorMessage(signIn.error)} showCodes={false} />}
      <TextField label="Email" name="email" type="email" autoComplete="username" autoFocus required spellCheck={false} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" variant="primary" className="w-full" disabled={signIn.isPending} aria-busy={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
