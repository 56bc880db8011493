import { useState } from 'react';
import { DataTableRowActions } from '../../../components/data-table/data-table-row-actions.tsx';
import type { DropdownMenuItem } from '../../../components/menu/dropdown-menu.tsx';
import { useMyStaffId } from '../../../lib/session.ts';
import type { StaffMember } from '../api/get-staff.ts';
import { DisableStaffDialog } from './disable-staff-dialog.tsx';
import { EndSessionsDialog } from './end-sessions-dialog.tsx';
import { ResetAccessDialog } from './reset-access-dialog.tsx';
import { ResetSecondFactorsDialog } from './reset-second-factors-dialog.tsx';

type StaffAction = 'reset-access' | 'reset-second-factors' | 'end-sessions' | 'disable';

const hasSecondFactor = ({ secondFactors }: StaffMember) => secondFactors.totp || secondFactors.passkeys > 0;

/**
 * What an admin can do to a member, each asked in a dialog that says what it does. Resetting access or
 * second factors and ending sessions are for others: one's own are on one's account page.
 */
export function StaffRowActions({ member }: { member: StaffMember }) {
  const [open, setOpen] = useState<StaffAction | null>(null);
  const isMe = useMyStaffId() === member.id;
  const close = () => setOpen(null);
  const active = !member.disabled;

  const items: DropdownMenuItem[] = [];
  if (active && !isMe) items.push({ label: 'Reset access…', onSelect: () => setOpen('reset-access') });
  if (active && !isMe && hasSecondFactor(member)) items.push({ label: 'Reset second factors…', onSelect: () => setOpen('reset-second-factors') });
  if (active && !isMe) items.push({ label: 'End sessions…', onSelect: () => setOpen('end-sessions') });
  items.push({ label: member.disabled ? 'Re-enable…' : 'Disable…', onSelect: () => setOpen('disable') });

  return (
    <div className="flex justify-end">
      <DataTableRowActions label={`Actions for ${member.name}`} items={items} />
      {open === 'reset-access' && <ResetAccessDialog member={member} onClose={close} />}
      {open === 'reset-second-factors' && <ResetSecondFactorsDialog member={member} onClose={close} />}
      {open === 'end-sessions' && <EndSessionsDialog member={member} onClose={close} />}
      {open === 'disable' && <DisableStaffDialog member={member} isMe={isMe} onClose={close} />}
    </div>
  );
}
