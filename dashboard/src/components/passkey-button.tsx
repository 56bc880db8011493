import { useState } from 'react';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { signWithPasskey } from '../lib/passkey-browser.ts';
import { Button } from './button.tsx';
import { ErrorNotice } from './error-notice.tsx';

interface PasskeyButtonProps {
  /** The signed answer, to send as the proof the place asks for (`{ passkey: answer }`, or a passwordless sign-in). */
  onAnswer: (answer: AuthenticationResponseJSON) => void;
  label?: string;
  /** While what the answer started runs (the proof being checked). */
  pending?: boolean;
  className?: string;
}

/**
 * Asks the browser for a passkey's signature over the console's challenge (second factor, step-up,
 * or a passwordless sign-in, as the session decides) and hands the answer on. Says why when the
 * browser's step fails; the server's verdict on the answer is the caller's to show.
 */
export function PasskeyButton({ onAnswer, label = 'Use a passkey', pending = false, className }: PasskeyButtonProps) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<Error | null>(null);
  const busy = asking || pending;
  const ask = async () => {
    setAsking(true);
    setProblem(null);
    try {
      onAnswer(await signWithPasskey());
    } catch (error) {
      setProblem(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className="space-y-2">
      {problem && <ErrorNotice error={problem} showCodes={false} />}
      <Button className={className} onClick={() => void ask()} disabled={busy} aria-busy={busy}>
        {asking ? 'Waiting for your passkey…' : label}
      </Button>
    </div>
  );
}
