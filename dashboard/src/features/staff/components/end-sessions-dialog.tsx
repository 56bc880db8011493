import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { StaffMember } from '../api/get-staff.ts';
import { useEndStaffSessions } from '../api/second-factor-reset.ts';

/** Signs a member out everywhere, after saying that nothing else changes. */
export function EndSessionsDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const end = useEndStaffSessions();
  return (
    <ConfirmDialog
      title={`End ${member.name}’s sessions?`}
      consequence={`${member.name} (${member.email}) is signed out of every browser at once. Their password and second factors stay as they are, so they can sign in again.`}
      confirmLabel="End sessions"
      tone="danger"
      pending={end.isPending}
      error={end.error && <ErrorNotice error={end.error} />}
      onConfirm={() => end.mutate(member, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}
