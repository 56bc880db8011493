import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { StaffMember } from '../api/get-staff.ts';
import { useResetStaffAccess } from '../api/reset-staff-access.ts';
import { staffErrorMessage } from '../staff-error.ts';
import { SetupLinkResult } from './setup-link-result.tsx';

/**
 * A locked-out member's way back, after saying what it does; then their new setup link, shown once.
 * The dialog does not close by Escape or a stray click while the link shows.
 */
export function ResetAccessDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const reset = useResetStaffAccess();
  if (reset.data) {
    return (
      <Dialog title={`${member.name}’s access is reset`} onClose={onClose} dismissible={false}>
        <SetupLinkResult created={reset.data} onDone={onClose} />
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      title={`Reset ${member.name}’s access?`}
      consequence={`${member.name} (${member.email}) is signed out everywhere, their password stops working, and any setup link sent before stops working too. You get a new one-time setup link, valid 24 hours, to send them; they choose a new password with it.`}
      confirmLabel="Reset access"
      tone="danger"
      pending={reset.isPending}
      error={reset.error && <ErrorNotice error={reset.error} message={staffErrorMessage(reset.error)} />}
      onConfirm={() => reset.mutate(member.id)}
      onCancel={onClose}
    />
  );
}
