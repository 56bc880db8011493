import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useEndMySession, type MySession } from '../api/my-sessions.ts';

/** Ends one of the member's sessions after saying what that does; for this browser's, that it signs them out here. */
export function EndSessionButton({ session }: { session: MySession }) {
  const [asking, setAsking] = useState(false);
  const end = useEndMySession();
  const close = () => {
    setAsking(false);
    end.reset();
  };
  const consequence = session.current
    ? 'This is the browser you are using: you are signed out here at once.'
    : `Whoever uses that session on ${session.device} is signed out at once and needs your password and second factor to sign in again.`;
  return (
    <>
      <Button onClick={() => setAsking(true)} aria-label={`End the session on ${session.device}${session.current ? ' (this device)' : ''}`}>
        End
      </Button>
      {asking && (
        <ConfirmDialog
          title="End this session?"
          consequence={consequence}
          confirmLabel="End the session"
          tone="danger"
          pending={end.isPending}
          error={end.error && <ErrorNotice error={end.error} />}
          onConfirm={() => end.mutate(session, { onSuccess: close })}
          onCancel={close}
        />
      )}
    </>
  );
}
