import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PasskeyButton } from '../../../components/passkey-button.tsx';
import { OneTimeCodeField, typedCode } from '../../../components/form/one-time-code-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import type { SecondFactorMethod } from '../../../lib/session.ts';
import type { SecondFactorProof } from '../api/give-second-factor.ts';
import { secondFactorErrorMessage } from '../second-factor-error.ts';

interface SecondFactorFormProps {
  /** What the member has set up: a passkey first when they have one; a recovery code beside the app's code when they have some left. */
  methods: readonly SecondFactorMethod[];
  pending: boolean;
  error: Error | null;
  onSubmit: (proof: SecondFactorProof) => void;
  /** Switching between the app's code and a recovery code; the last refusal no longer applies. */
  onSwitch: () => void;
  /** The submit button and any way out, as the place the form sits in needs them. */
  actions: ReactNode;
}

const linkClasses = 'text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/** A passkey, a code from the authenticator app, or one of the recovery codes instead; each sent as the server expects it. */
export function SecondFactorForm({ methods, pending, error, onSubmit, onSwitch, actions }: SecondFactorFormProps) {
  const hasApp = methods.includes('totp');
  const [usingRecoveryCode, setUsingRecoveryCode] = useState(!hasApp);
  const canUseRecovery = methods.includes('recovery');
  const canSwitch = hasApp && canUseRecovery;
  const hasPasskey = methods.includes('passkey');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    onSubmit(usingRecoveryCode ? { recoveryCode: String(form.get('recoveryCode') ?? '').trim() } : { code: typedCode(form, 'code') });
  };

  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      {error && <ErrorNotice error={error} message={secondFactorErrorMessage(error, usingRecoveryCode)} showCodes={false} />}
      {hasPasskey && (
        <div className="space-y-2">
          <PasskeyButton pending={pending} onAnswer={(passkey) => onSubmit({ passkey })} />
          {(hasApp || canUseRecovery) && <p className="text-sm text-zinc-600 dark:text-zinc-400">Or type a code:</p>}
        </div>
      )}
      {!hasApp && !canUseRecovery ? null : usingRecoveryCode ? (
        <TextField
          key="recoveryCode"
          label="Recovery code"
          name="recoveryCode"
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          hint="One of the ten codes you saved when you set up your second factor. Each works once."
        />
      ) : (
        <OneTimeCodeField key="code" label="Code from your authenticator app" name="code" required autoFocus hint="Six digits; a new one every 30 seconds." />
      )}
      {canSwitch && (
        <button type="button" className={linkClasses} onClick={() => {
            setUsingRecoveryCode((was) => !was);
            onSwitch();
          }}>
          {usingRecoveryCode ? 'Use a code from your authenticator app instead' : 'Use a recovery code instead'}
        </button>
      )}
      {actions}
    </form>
  );
}
