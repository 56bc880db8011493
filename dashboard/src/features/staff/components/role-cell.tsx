import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { inputClasses } from '../../../components/form/field.tsx';
import { roleLabels, roles, roleSummaries, type Role } from '../../../lib/roles.ts';
import type { StaffMember } from '../api/get-staff.ts';
import { useMyStaffId } from '../../../lib/session.ts';
import { useUpdateStaff } from '../api/update-staff.ts';
import { selfChangeWarning } from '../self-change-warning.ts';
import { staffErrorMessage } from '../staff-error.ts';

/** The role, changed with a select and confirmed, because the change signs them out. */
export function RoleCell({ member }: { member: StaffMember }) {
  const [chosen, setChosen] = useState<Role | null>(null);
  const update = useUpdateStaff();
  const isMe = useMyStaffId() === member.id;

  const close = () => {
    setChosen(null);
    update.reset();
  };

  return (
    <>
      <select
        aria-label={`Role of ${member.name}`}
        value={member.role}
        onChange={(event) => setChosen(roles.find((role) => role === event.target.value) ?? null)}
        className={`${inputClasses} w-32`}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </select>
      {chosen && (
        <ConfirmDialog
          title={`Make ${member.name} ${roleLabels[chosen]}?`}
          consequence={
            <>
              <p>{`${member.name} is signed out at once and signs in again as ${roleLabels[chosen]}.`}</p>
              {isMe && chosen !== 'admin' && <p className="mt-1 font-medium">{selfChangeWarning.demote}</p>}
              <p className="mt-1">{`${roleLabels[chosen]}: ${roleSummaries[chosen]}`}</p>
            </>
          }
          confirmLabel="Change role"
          pending={update.isPending}
          error={update.error && <ErrorNotice error={update.error} message={staffErrorMessage(update.error)} />}
          onConfirm={() => update.mutate({ id: member.id, change: { role: chosen } }, { onSuccess: close })}
          onCancel={close}
        />
      )}
    </>
  );
}
