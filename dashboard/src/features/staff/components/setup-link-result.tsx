import { CopyButton } from '../../../components/copy-button.tsx';
import { DoneAction } from '../../../components/dialog/dialog-actions.tsx';
import { inputClasses } from '../../../components/form/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { CreatedStaffMember } from '../api/create-staff.ts';

/** What creating a staff member produced; a setup link is shown here once and never again. Focus moves here as the form goes. */
export function SetupLinkResult({ created, onDone }: { created: CreatedStaffMember; onDone: () => void }) {
  const { staff, setupLink } = created;
  if (!setupLink) {
    return (
      <>
        <Notice>{`${staff.name} can sign in as ${staff.email} with the initial password you chose. Tell them through a separate channel.`}</Notice>
        <DoneAction onDone={onDone} autoFocus />
      </>
    );
  }

  const link = new URL(setupLink, window.location.origin).href;
  return (
    <>
      <Notice>{`Send this link to ${staff.email}. It works once, for 24 hours, and is shown only now.`}</Notice>
      <div className="mt-3 flex items-center gap-2">
        <input aria-label="Setup link" readOnly autoFocus value={link} onFocus={(event) => event.currentTarget.select()} className={`${inputClasses} font-mono text-xs`} />
        <CopyButton text={link} label="Copy the setup link" />
      </div>
      <DoneAction onDone={onDone} />
    </>
  );
}
