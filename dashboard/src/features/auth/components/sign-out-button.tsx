import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useSignOut } from '../api/sign-out.ts';

/** Signing out where there is no user menu: on a page the member must finish before the console opens. */
export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <div className="space-y-2">
      {signOut.error && <ErrorNotice error={signOut.error} message={`Signing out failed: ${signOut.error.message}`} />}
      <Button onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        {signOut.isPending ? 'Signing out…' : 'Sign out'}
      </Button>
    </div>
  );
}
