import { Dialog } from '../../../components/dialog/dialog.tsx';
import { useCreateStaff } from '../api/create-staff.ts';
import { CreateStaffForm } from './create-staff-form.tsx';
import { SetupLinkResult } from './setup-link-result.tsx';

/**
 * Adds a staff member. The result, and any setup link in it, lives only as long as this dialog;
 * so the dialog does not close by Escape or a stray click while the request runs or the link shows.
 */
export function CreateStaffDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateStaff();
  const created = create.data;
  return (
    <Dialog
      title={created ? `${created.staff.name} is added` : 'Add a staff member'}
      description={created ? undefined : 'They can sign in once they have a password.'}
      onClose={onClose}
      dismissible={!create.isPending && !created?.setupLink}
    >
      {created ? (
        <SetupLinkResult created={created} onDone={onClose} />
      ) : (
        <CreateStaffForm pending={create.isPending} error={create.error} onSubmit={(member) => create.mutate(member)} onEdit={create.reset} onCancel={onClose} />
      )}
    </Dialog>
  );
}
