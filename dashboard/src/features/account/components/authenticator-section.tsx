import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { refreshSession, type SecondFactorStatus } from '../../../lib/session.ts';
import { useRemoveAuthenticator, useRenewRecoveryCodes } from '../api/authenticator.ts';
import { AuthenticatorSetUp } from './authenticator-set-up.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';

function whatTheRoleAsks({ required, enrolBy }: SecondFactorStatus): string {
  if (!required) return 'Your role does not have to have one, but it keeps your account safe if your password leaks.';
  return enrolBy ? `Your role must have a second factor: set one up by ${formatDateTime(enrolBy)}.` : 'Your role must have a second factor.';
}

function removalConsequence({ required, enrolled }: SecondFactorStatus): string {
  const others = enrolled.passkeys > 0 ? ' Your passkeys stay.' : '';
  const after = required && enrolled.passkeys === 0 ? 'Your role must have a second factor, so the console will ask you to set one up again.' : 'Signing in then asks for no code from the app.';
  return `The app’s key and your recovery codes stop working at once. ${after}${others}`;
}

function RenewRecoveryCodes({ email }: { email: string }) {
  const [asking, setAsking] = useState(false);
  const renew = useRenewRecoveryCodes();
  const close = () => {
    setAsking(false);
    renew.reset();
  };
  if (renew.data) return <RecoveryCodesDialog codes={renew.data} email={email} onDone={close} />;
  return (
    <>
      <Button onClick={() => setAsking(true)}>New recovery codes</Button>
      {asking && (
        <ConfirmDialog
          title="Make new recovery codes?"
          consequence="You get ten new codes, shown once. The ones you have now, used or not, stop working."
          confirmLabel="Make new codes"
          pending={renew.isPending}
          error={renew.error && <ErrorNotice error={renew.error} />}
          onConfirm={() => renew.mutate()}
          onCancel={close}
        />
      )}
    </>
  );
}

function RemoveAuthenticator({ status }: { status: SecondFactorStatus }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveAuthenticator();
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <>
      <Button onClick={() => setAsking(true)}>Remove</Button>
      {asking && (
        <ConfirmDialog
          title="Remove the authenticator app?"
          consequence={removalConsequence(status)}
          confirmLabel="Remove"
          tone="danger"
          pending={remove.isPending}
          error={remove.error && <ErrorNotice error={remove.error} />}
          onConfirm={() => remove.mutate(undefined, { onSuccess: close })}
          onCancel={close}
        />
      )}
    </>
  );
}

/** The member's authenticator app: set it up, or, once it is, renew the recovery codes or remove it. */
export function AuthenticatorSection({ email, status }: { email: string; status: SecondFactorStatus }) {
  const client = useQueryClient();
  const { totp, recoveryCodesLeft } = status.enrolled;
  return (
    <PageSection title="Authenticator app" description="A code from an app on your phone, asked at sign-in and again before money moves.">
      {totp ? (
        <div className="space-y-3">
          <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <Badge tone="success">On</Badge>
            <span>{`${recoveryCodesLeft} of 10 recovery codes left.`}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <RenewRecoveryCodes email={email} />
            <RemoveAuthenticator status={status} />
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <Badge tone={status.required ? 'warning' : 'neutral'}>Not set up</Badge>
            <span>{whatTheRoleAsks(status)}</span>
          </p>
          <AuthenticatorSetUp email={email} onDone={() => void refreshSession(client)} />
        </div>
      )}
    </PageSection>
  );
}
