import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { AccessContext } from '../../../lib/access.ts';
import { useSession } from '../../../lib/session.ts';
import { signInPath } from '../sign-in-path.ts';

function Centered({ children }: { children: ReactNode }) {
  return <div className="grid min-h-dvh place-items-center p-6">{children}</div>;
}

/**
 * Shows `children` only to a signed-in staff member, with their permissions in `AccessContext`.
 * Anyone else goes to sign in, with the way back here (unless they just signed out), and so does a
 * session still waiting for its second factor. A member the policy obliges to set up a second factor,
 * past their grace period, sees `enrolment` instead: the server lets them do nothing else.
 */
export function RequireSession({ enrolment, children }: { enrolment: ReactNode; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) {
    return (
      <Centered>
        <Spinner label="Checking your session" />
      </Centered>
    );
  }
  if (session.isError) {
    return (
      <Centered>
        <ErrorState
          title="The console could not check your session"
          message={session.error.message}
          actions={
            <Button variant="primary" onClick={() => void session.refetch()}>
              Try again
            </Button>
          }
        />
      </Centered>
    );
  }
  if (session.data.status === 'signed-out') {
    return <Navigate replace to={session.data.reason === 'signed-out' ? signInPath() : signInPath(location)} />;
  }
  if (session.data.status === 'second-factor') return <Navigate replace to={signInPath(location)} />;
  if (session.data.secondFactor.mustEnrol) return enrolment;
  return <AccessContext value={session.data.permissions}>{children}</AccessContext>;
}
