import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import type { StaffMember } from '../api/get-staff.ts';
import { useMyStaffId } from '../../../lib/session.ts';
import { useUpdateStaff } from '../api/update-staff.ts';
import { selfChangeWarning } from '../self-change-warning.ts';
import { ResetAccessDialog } from './reset-access-dialog.tsx';
import { staffErrorMessage } from '../staff-error.ts';

function consequenceOf(member: StaffMember, isMe: boolean): string {
  if (member.disabled) return `${member.name} (${member.email}) can sign in again, with the role shown here.`;
  const consequence = `${member.name} (${member.email}) is signed out at once and cannot sign in until re-enabled. What they did stays in the audit log.`;
  return isMe ? `${consequence} ${selfChangeWarning.disable}` : consequence;
}

/** Disable or re-enable a staff member, and reset the access of an active other, each after saying what it does. */
export function AccessCell({ member }: { member: StaffMember }) {
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const update = useUpdateStaff();
  const isMe = useMyStaffId() === member.id;
  const action = member.disabled ? 'Re-enable' : 'Disable';

  const close = () => {
    setConfirming(false);
    update.reset();
  };

  return (
    <div className="flex flex-wrap justify-end gap-2">
      {!member.disabled && !isMe && (
        <Button onClick={() => setResetting(true)} aria-label={`Reset access for ${member.name}`}>
          Reset access
        </Button>
      )}
      <Button onClick={() => setConfirming(true)} aria-label={`${action} ${member.name}`}>
        {action}
      </Button>
      {resetting && <ResetAccessDialog member={member} onClose={() => setResetting(false)} />}
      {confirming && (
        <ConfirmDialog
          title={`${action} ${member.name}?`}
          consequence={consequenceOf(member, isMe)}
          confirmLabel={action}
          tone={member.disabled ? 'primary' : 'danger'}
          pending={update.isPending}
          error={update.error && <ErrorNotice error={update.error} message={staffErrorMessage(update.error)} />}
          onConfirm={() => update.mutate({ id: member.id, change: { disabled: !member.disabled } }, { onSuccess: close })}
          onCancel={close}
        />
      )}
    </div>
  );
}
