import { CopyButton } from '../../../components/copy-button.tsx';
import { DoneAction } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { RecoveryCodes } from '../api/authenticator.ts';

const downloadClasses =
  'inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800';

/** The codes as a text file says them: whose they are and how they work, then one a line. */
function recoveryCodesText(codes: RecoveryCodes, email: string): string {
  return [`Plat Console recovery codes for ${email}`, 'Each code signs you in once, in place of a code from your authenticator app.', '', ...codes, ''].join('\n');
}

/**
 * The member's new recovery codes, shown this once, to copy or download. It does not close by Escape
 * or a stray click: only "Done" says they were kept.
 */
export function RecoveryCodesDialog({ codes, email, onDone }: { codes: RecoveryCodes; email: string; onDone: () => void }) {
  const text = recoveryCodesText(codes, email);
  return (
    <Dialog title="Save your recovery codes" onClose={onDone} dismissible={false}>
      <Notice>If you lose the phone with your authenticator app, each of these codes signs you in once. They are shown only now: copy or download them and keep them somewhere safe, away from your password.</Notice>
      <ol aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-zinc-50 p-3 font-mono text-sm text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <CopyButton text={codes.join('\n')} label="Copy the recovery codes" />
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="plat-console-recovery-codes.txt" className={downloadClasses}>
          Download
        </a>
      </div>
      <DoneAction onDone={onDone} />
    </Dialog>
  );
}
