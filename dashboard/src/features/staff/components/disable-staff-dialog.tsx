import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { StaffMember } from '../api/get-staff.ts';
import { useUpdateStaff } from '../api/update-staff.ts';
import { selfChangeWarning } from '../self-change-warning.ts';
import { staffErrorMessage } from '../staff-error.ts';

function consequenceOf(member: StaffMember, isMe: boolean): string {
  if (member.disabled) return `${member.name} (${member.email}) can sign in again, with the role shown here.`;
  const consequence = `${member.name} (${member.email}) is signed out at once and cannot sign in until re-enabled. What they did stays in the audit log.`;
  return isMe ? `${consequence} ${selfChangeWarning.disable}` : consequence;
}

/** Disables or re-enables a staff member, after saying what it does. */
export function DisableStaffDialog({ member, isMe, onClose }: { member: StaffMember; isMe: boolean; onClose: () => void }) {
  const update = useUpdateStaff();
  const action = member.disabled ? 'Re-enable' : 'Disable';
  return (
    <ConfirmDialog
      title={`${action} ${member.name}?`}
      consequence={consequenceOf(member, isMe)}
      confirmLabel={action}
      tone={member.disabled ? 'primary' : 'danger'}
      pending={update.isPending}
      error={update.error && <ErrorNotice error={update.error} message={staffErrorMessage(update.error)} />}
      onConfirm={() => update.mutate({ id: member.id, change: { disabled: !member.disabled } }, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}
