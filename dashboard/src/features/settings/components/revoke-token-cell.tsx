import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { IngestToken } from '../api/get-ingest-tokens.ts';
import { useRevokeIngestToken } from '../api/revoke-ingest-token.ts';

/** Revokes a token after saying what that does; a revoked token has nothing left to do. */
export function RevokeTokenCell({ token }: { token: IngestToken }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeIngestToken();
  if (token.revoked) return null;

  const close = () => {
    setConfirming(false);
    revoke.reset();
  };

  return (
    <>
      <Button onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
      {confirming && (
        <ConfirmDialog
          title={`Revoke the ingest token "${token.name}"?`}
          consequence="From now on the console refuses every request made with this token, so the app's backend can no longer send payment ids with it. This cannot be undone; create a new token if it is needed again."
          confirmLabel="Revoke token"
          tone="danger"
          pending={revoke.isPending}
          error={revoke.error && <ErrorNotice error={revoke.error} />}
          onConfirm={() => revoke.mutate(token.id, { onSuccess: close })}
          onCancel={close}
        />
      )}
    </>
  );
}
