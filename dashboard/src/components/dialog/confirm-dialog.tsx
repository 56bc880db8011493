import { useRef, type ReactNode } from 'react';
import { Button } from '../button.tsx';
import { DialogActions } from './dialog-actions.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen when confirmed, in plain words. */
  consequence: ReactNode;
  confirmLabel: string;
  /** The way out without acting; say what it leaves, e.g. "Keep as is". */
  cancelLabel?: string;
  /** `danger` for actions that take something away or move money. */
  tone?: 'primary' | 'danger';
  /** While the action runs: the buttons are disabled and the dialog stays open. */
  pending?: boolean;
  /** False while there is nothing to confirm yet, e.g. until what would happen is known. */
  canConfirm?: boolean;
  /** More to read before deciding, under the consequence, e.g. what would happen to each item. */
  children?: ReactNode;
  /** Why the server refused, shown above the buttons; the dialog stays open so it can be read. */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action with consequences. Focus starts on Cancel, so Enter alone does nothing rash. */
export function ConfirmDialog({ title, consequence, confirmLabel, cancelLabel = 'Cancel', tone = 'primary', pending = false, canConfirm = true, children, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} description={consequence} onClose={onCancel} dismissible={!pending} initialFocus={cancel}>
      {children}
      {error}
      <DialogActions>
        <Button ref={cancel} onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={pending || !canConfirm} aria-busy={pending}>
          {pending ? 'Working…' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
