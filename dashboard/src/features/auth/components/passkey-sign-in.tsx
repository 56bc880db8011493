import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PasskeyButton } from '../../../components/passkey-button.tsx';
import { browserSupportsWebAuthn } from '../../../lib/passkey-browser.ts';
import { usePasskeySignIn } from '../api/passkey-sign-in.ts';

/** The other way in: a passkey the member set up to sign in without their password. */
export function PasskeySignIn() {
  const signIn = usePasskeySignIn();
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      {signIn.error && <ErrorNotice error={signIn.error} showCodes={false} />}
      <PasskeyButton label="Use a passkey instead of a password" className="w-full" pending={signIn.isPending} onAnswer={(response) => signIn.mutate(response)} />
    </div>
  );
}
