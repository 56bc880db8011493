import { Navigate, useSearchParams } from 'react-router-dom';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useSession, type SignedOutReason } from '../../../lib/session.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasskeySignIn } from '../components/passkey-sign-in.tsx';
import { SandboxSignInHint } from '../components/sandbox-sign-in-hint.tsx';
import { SecondFactorStep } from '../components/second-factor-step.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { nextAfterSignIn } from '../sign-in-path.ts';

const reasons: Record<SignedOutReason, string | null> = {
  'not-signed-in': null,
  'session-ended': 'Your session ended; sign in again.',
  'signed-out': 'You are signed out.',
};

export function SignInPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();

  if (session.data?.status === 'signed-in') return <Navigate replace to={nextAfterSignIn(searchParams.get('next'))} />;
  if (session.isPending) return <Spinner label="Checking your session" />;
  if (session.data?.status === 'second-factor') {
    return (
      <AuthCard title="Second factor" description="Your password is right. Now confirm it is you with your second factor.">
        <SecondFactorStep methods={session.data.methods} />
      </AuthCard>
    );
  }

  const reason = session.data ? reasons[session.data.reason] : null;
  return (
    <AuthCard title="Sign in" description="Staff of this app sign in with the email and password an admin set up for them.">
      {reason && <Notice>{reason}</Notice>}
      <SandboxSignInHint />
      <SignInForm />
      <PasskeySignIn />
    </AuthCard>
  );
}
