import { useState } from 'react';
import { DataTableRowActions } from '../../../components/data-table/data-table-row-actions.tsx';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { DropdownMenuItem } from '../../../components/menu/dropdown-menu.tsx';
import type { ApiKey } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { RollApiKeyDialog } from './roll-api-key-dialog.tsx';

/** A key's row menu: roll a working key, revoke one not yet revoked, each after saying what it does; a revoked key has nothing left to do. */
export function ApiKeyActions({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = useState<'roll' | 'revoke' | null>(null);
  const revoke = useRevokeApiKey();
  if (apiKey.status === 'revoked') return null;

  const close = () => {
    setOpen(null);
    revoke.reset();
  };
  const items: DropdownMenuItem[] = [
    ...(apiKey.status === 'active' ? [{ label: 'Roll key…', onSelect: () => setOpen('roll') }] : []),
    { label: 'Revoke key…', onSelect: () => setOpen('revoke') },
  ];

  return (
    <div className="flex justify-end">
      <DataTableRowActions label={`Actions for ${apiKey.name}`} items={items} />
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
