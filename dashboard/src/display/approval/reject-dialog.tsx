import { useState, type FormEvent } from 'react';
import { MAX_REJECTION_REASON_LENGTH } from '../../../../common/limits.ts';
import { FormDialogActions } from '../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { TextareaField } from '../../components/form/textarea-field.tsx';
import { requiredTextProblem } from '../../lib/required-text.ts';
import { useRejectRequest, type RejectTarget } from './reject-request.ts';

interface RejectDialogProps {
  target: RejectTarget;
  /** What was asked for, in a phrase: "1.25 to user <uid>", "the batch winners.csv (12 rows, 250.5 in all)". */
  what: string;
  /** Who asked for it (their email), when known. */
  requester: string | null;
  onClose: () => void;
  onRejected: () => void;
}

/** Asks for the reason before rejecting someone else's request; the requester reads it, and the audit log keeps it. */
export function RejectDialog({ target, what, requester, onClose, onRejected }: RejectDialogProps) {
  const reject = useRejectRequest();
  const [problem, setProblem] = useState<string | undefined>();
  const noun = target.kind === 'batch' ? 'batch' : 'reward';
  const reader = requester ?? 'whoever asked for it';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reject.isPending) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const found = requiredTextProblem(reason, { name: 'reason', maxLength: MAX_REJECTION_REASON_LENGTH, whenEmpty: `Enter a reason: ${reader} reads it.` });
    setProblem(found ?? undefined);
    if (!found) reject.mutate({ ...target, reason }, { onSuccess: onRejected });
  };

  return (
    <Dialog
      title={`Reject this ${noun}?`}
      description={<p>{`${requester ?? 'Another staff member'} asked to pay ${what}. Rejected, none of it is paid, and nobody can approve it any more.`}</p>}
      onClose={onClose}
      dismissible={!reject.isPending}
    >
      <form method="post" noValidate onSubmit={submit} className="space-y-4">
        {reject.error && <ErrorNotice error={reject.error} />}
        <TextareaField
          label="Reason"
          name="reason"
          rows={3}
          required
          maxLength={MAX_REJECTION_REASON_LENGTH}
          hint={`Shown to ${reader} and kept in the audit log with your name, e.g. what to change before asking again.`}
          error={problem}
        />
        <FormDialogActions submitLabel={`Reject ${noun}`} pendingLabel="Rejecting…" pending={reject.isPending} onCancel={onClose} cancelLabel="Keep waiting" tone="danger" />
      </form>
    </Dialog>
  );
}
