import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { ApiKey } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { RollApiKeyDialog } from './roll-api-key-dialog.tsx';

/** Roll a working key, or revoke one not yet revoked, each after saying what it does; a revoked key has nothing left to do. */
export function ApiKeyActions({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = useState<'roll' | 'revoke' | null>(null);
  const revoke = useRevokeApiKey();
  if (apiKey.status === 'revoked') return null;

  const close = () => {
    setOpen(null);
    revoke.reset();
  };

  return (
    <div className="flex justify-end gap-2">
      {apiKey.status === 'active' && (
        <Button onClick={() => setOpen('roll')} aria-label={`Roll ${apiKey.name}`}>
          Roll
        </Button>
      )}
      <Button onClick={() => setOpen('revoke')} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
      {open === 'roll' && <RollApiKeyDialog apiKey={apiKey} onClose={close} />}
      {open === 'revoke' && (
        <ConfirmDialog
          title={`Revoke the API key “${apiKey.name}”?`}
          consequence={`From now on the console refuses every request made with this key${apiKey.previousValidUntil ? ' and with its old secret' : ''}, so the app’s backend can no longer do what its scopes allowed. Rewards it asked for that still await approval can no longer be paid. This cannot be undone; create a new key if one is needed again.`}
          confirmLabel="Revoke key"
          tone="danger"
          pending={revoke.isPending}
          error={revoke.error && <ErrorNotice error={revoke.error} />}
          onConfirm={() => revoke.mutate(apiKey.id, { onSuccess: close })}
          onCancel={close}
        />
      )}
    </div>
  );
}
