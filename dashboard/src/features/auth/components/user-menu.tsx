import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DropdownMenu } from '../../../components/menu/dropdown-menu.tsx';
import { roleLabels } from '../../../lib/roles.ts';
import { useSession } from '../../../lib/session.ts';
import { useSignOut } from '../api/sign-out.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** Who is signed in, in the top bar, with "Change password", "Your account" and "Sign out". */
export function UserMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  if (session.data?.status !== 'signed-in') return null;
  const { staff } = session.data;
  const role = roleLabels[staff.role];

  return (
    <div className="flex items-center gap-2">
      {signOut.error && (
        <p role="alert" className="max-w-56 text-xs text-red-700 dark:text-red-400">
          {`Signing out failed: ${signOut.error.message}`}
        </p>
      )}
      <DropdownMenu
        trigger={
          <>
            <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
              {initialsOf(staff.name)}
            </span>
            <span className="hidden flex-col leading-tight sm:flex">
              <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{staff.name}</span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{role}</span>
            </span>
            <span className="sr-only sm:hidden">{`${staff.name}, ${role}`}</span>
          </>
        }
        header={
          <>
            <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{staff.name}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{`${staff.email} · ${role}`}</p>
          </>
        }
        items={[
          { label: 'Change password', onSelect: () => setChangingPassword(true) },
          { label: 'Your account', onSelect: () => void navigate('/account') },
          { label: signOut.isPending ? 'Signing out…' : 'Sign out', onSelect: () => signOut.mutate(), disabled: signOut.isPending },
        ]}
      />
      {changingPassword && <ChangePasswordDialog email={staff.email} onClose={() => setChangingPassword(false)} />}
    </div>
  );
}
