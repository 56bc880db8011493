import type { ReactNode } from 'react';
import { Button } from '../button.tsx';

/** The row of buttons at the foot of a dialog: the main action last, on the right. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex justify-end gap-2">{children}</div>;
}

interface FormDialogActionsProps {
  submitLabel: string;
  /** Shown on the submit button while the request runs, e.g. "Creating…". */
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  /** `danger` for forms that take something away. */
  tone?: 'primary' | 'danger';
}

/** A dialog form's way out and its submit button; both are held while the request runs, so its outcome is not missed. */
export function FormDialogActions({ submitLabel, pendingLabel, pending, onCancel, cancelLabel = 'Cancel', tone = 'primary' }: FormDialogActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={tone} disabled={pending} aria-busy={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}

/** The one way out of a dialog that only shows a result. */
export function DoneAction({ onDone, autoFocus = false }: { onDone: () => void; autoFocus?: boolean }) {
  return (
    <DialogActions>
      <Button variant="primary" onClick={onDone} autoFocus={autoFocus}>
        Done
      </Button>
    </DialogActions>
  );
}
