import { useRef, type ReactNode } from 'react';
import { Button } from '../button.tsx';
import { Dialog } from './dialog.tsx';
import { DialogActions } from './dialog-actions.tsx';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen when confirmed, in plain words. */
  consequence: ReactNode;
  confirmLabel: string;
  /** `danger` for actions that take something away or move money. */
  tone?: 'primary' | 'danger';
  /** While the action runs: the buttons are disabled and the dialog stays open. */
  pending?: boolean;
  /** Why the server refused, shown above the buttons; the dialog stays open so it can be read. */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action with consequences. Focus starts on Cancel, so Enter alone does nothing rash. */
export function ConfirmDialog({ title, consequence, confirmLabel, tone = 'primary', pending = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} description={consequence} onClose={onCancel} dismissible={!pending} initialFocus={cancel}>
      {error}
      <DialogActions>
        <Button ref={cancel} onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending ? 'Working…' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
