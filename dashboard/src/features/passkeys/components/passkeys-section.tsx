import { useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { browserSupportsWebAuthn } from '../../../lib/passkey-browser.ts';
import { useMyPasskeys, useRemovePasskey, type Passkey } from '../api/passkeys.ts';
import { AddPasskeyDialog } from './add-passkey-dialog.tsx';
import { ChangePasskeyDialog } from './change-passkey-dialog.tsx';

function RemovePasskey({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useRemovePasskey();
  return (
    <ConfirmDialog
      title={`Remove passkey “${passkey.name}”?`}
      consequence="It stops working here at once, as a second factor and for signing in. The copy on your device stays until you delete it there."
      confirmLabel="Remove"
      tone="danger"
      pending={remove.isPending}
      error={remove.error && <ErrorNotice error={remove.error} />}
      onConfirm={() => remove.mutate(passkey, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const [open, setOpen] = useState<'change' | 'remove' | null>(null);
  const close = () => setOpen(null);
  const used = passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'not used yet';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-50">
          <span>{passkey.name}</span>
          <Badge tone={passkey.passwordless ? 'success' : 'neutral'}>{passkey.passwordless ? 'Signs in without a password' : 'Second factor'}</Badge>
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{`Added ${formatDateTime(passkey.createdAt)}, ${used}`}</p>
      </div>
      <div className="flex gap-2">
        <Button onClick={() => setOpen('change')} aria-label={`Change passkey ${passkey.name}`}>
          Change
        </Button>
        <Button onClick={() => setOpen('remove')} aria-label={`Remove passkey ${passkey.name}`}>
          Remove
        </Button>
      </div>
      {open === 'change' && <ChangePasskeyDialog passkey={passkey} onClose={close} />}
      {open === 'remove' && <RemovePasskey passkey={passkey} onClose={close} />}
    </li>
  );
}

/** The signed-in member's passkeys on their account page: add, rename, choose how each signs in, remove. */
export function PasskeysSection() {
  const passkeys = useMyPasskeys();
  const [adding, setAdding] = useState(false);
  const supported = browserSupportsWebAuthn();
  return (
    <PageSection
      title="Passkeys"
      description="A passkey lives on your phone, computer or security key and is unlocked with your fingerprint, face or PIN. It is asked after your password and before money moves, and can sign you in on its own if you choose."
    >
      {!supported && <Notice>This browser cannot use passkeys; the ones you have keep working in browsers that can.</Notice>}
      {passkeys.isPending && <Spinner label="Loading your passkeys" />}
      {passkeys.error && <ErrorNotice error={passkeys.error} />}
      {passkeys.data && passkeys.data.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">You have no passkey yet.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul aria-label="Your passkeys" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {passkeys.data.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <Button onClick={() => setAdding(true)} disabled={!supported}>
        Add a passkey
      </Button>
      {adding && <AddPasskeyDialog onClose={() => setAdding(false)} />}
    </PageSection>
  );
}
