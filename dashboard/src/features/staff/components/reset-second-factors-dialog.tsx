import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { StaffMember } from '../api/get-staff.ts';
import { useResetSecondFactors } from '../api/second-factor-reset.ts';
import { staffErrorMessage } from '../staff-error.ts';

/** For a member who lost their phone and their recovery codes: what the reset takes away, then the reset. */
export function ResetSecondFactorsDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const reset = useResetSecondFactors();
  return (
    <ConfirmDialog
      title={`Reset ${member.name}’s second factors?`}
      consequence={`${member.name} (${member.email}) loses their authenticator app, recovery codes and passkeys, and is signed out everywhere at once. They sign in again with their password alone and must set up a second factor before anything else if their role needs one. Do this only when you are sure it is them who asks.`}
      confirmLabel="Reset second factors"
      tone="danger"
      pending={reset.isPending}
      error={reset.error && <ErrorNotice error={reset.error} message={staffErrorMessage(reset.error)} />}
      onConfirm={() => reset.mutate(member, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}
