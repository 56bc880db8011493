import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { OneTimeCodeField, typedCode } from '../../../components/form/one-time-code-field.tsx';
import { useConfirmAuthenticator, useStartAuthenticator, type RecoveryCodes } from '../api/authenticator.ts';
import { AuthenticatorKey } from './authenticator-key.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';

interface AuthenticatorSetUpProps {
  /** The member's email, named in the recovery codes' file. */
  email: string;
  /** Once the recovery codes were seen: the app is set up. */
  onDone: () => void;
}

/**
 * Setting up an authenticator app: a new key, shown as a QR code and in text; a code from the app
 * confirms it; then the recovery codes, once. Nothing changes on the server until the code is right.
 */
export function AuthenticatorSetUp({ email, onDone }: AuthenticatorSetUpProps) {
  const start = useStartAuthenticator();
  const confirm = useConfirmAuthenticator();
  const [recoveryCodes, setRecoveryCodes] = useState<RecoveryCodes | null>(null);

  if (recoveryCodes) return <RecoveryCodesDialog codes={recoveryCodes} email={email} onDone={onDone} />;

  if (!start.data) {
    return (
      <div className="space-y-3">
        {start.error && <ErrorNotice error={start.error} />}
        <Button variant="primary" onClick={() => start.mutate()} disabled={start.isPending} aria-busy={start.isPending}>
          {start.isPending ? 'Making a key…' : 'Set up an authenticator app'}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    confirm.mutate(typedCode(new FormData(event.currentTarget), 'code'), { onSuccess: setRecoveryCodes });
  };

  const cancel = () => {
    start.reset();
    confirm.reset();
  };

  return (
    <div className="max-w-2xl space-y-5 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <AuthenticatorKey secret={start.data.secret} uri={start.data.uri} />
      <form onSubmit={submit} className="max-w-xs space-y-3">
        <OneTimeCodeField label="Code from the app" name="code" required hint="The six digits the app shows for Plat Console, to check it has the key." />
        {confirm.error && <ErrorNotice error={confirm.error} showCodes={false} />}
        <div className="flex gap-2">
          <Button type="submit" variant="primary" disabled={confirm.isPending} aria-busy={confirm.isPending}>
            {confirm.isPending ? 'Checking…' : 'Confirm'}
          </Button>
          <Button onClick={cancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
