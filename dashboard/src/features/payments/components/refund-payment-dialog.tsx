import { useState, type FormEvent } from 'react';
import { MAX_MEMO_LENGTH } from '../../../../../common/limits.ts';
import { defaultRefundMemo } from '../../../../../common/refund-memo.ts';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { DoneAction, FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { isSettledAnswer, useSubmissionKey } from '../../../lib/use-submission-key.ts';
import { usePaymentRefunds, type Refund } from '../api/get-payment-refunds.ts';
import type { Payment } from '../api/get-payment.ts';
import { useRefundPayment, type NewRefund } from '../api/refund-payment.ts';
import { checkNewRefund, refundPreview, type NewRefundProblems, type RefundTarget } from '../refund-check.ts';

interface RefundPaymentDialogProps {
  payment: Pick<Payment, 'identifier' | 'user_uid' | 'network'>;
  onClose: () => void;
  /** The server took the refund (it may still be on its way). */
  onRefunded?: (refund: Refund) => void;
}

/** The amount (what is left, unless changed) and memo; then what confirming does, in words; then the refund, or the server's refusal in its words. */
function RefundForm({ target, onClose, onRefunded }: { target: RefundTarget; onClose: () => void; onRefunded: (refund: Refund) => void }) {
  const [amount, setAmount] = useState(target.remaining);
  const [memo, setMemo] = useState('');
  const [problems, setProblems] = useState<NewRefundProblems>({});
  const [toConfirm, setToConfirm] = useState<NewRefund | null>(null);
  const refund = useRefundPayment();
  const keys = useSubmissionKey();

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkNewRefund(target, { amount, memo });
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    refund.reset();
    setToConfirm(checked.refund);
  };

  if (toConfirm) {
    const unknownOutcome = refund.error !== null && !isSettledAnswer(refund.error);
    const confirm = () =>
      refund.mutate(
        { paymentId: target.paymentId, refund: toConfirm, idempotencyKey: keys.keyFor(JSON.stringify(toConfirm)) },
        {
          onSuccess: (made) => {
            keys.settle();
            onRefunded(made);
          },
          onError: (error) => {
            if (isSettledAnswer(error)) keys.settle();
          },
        },
      );
    return (
      <ConfirmDialog
        title={`Refund ${amountWithCurrency(toConfirm.amount, target.network)}?`}
        consequence={
          <div className="space-y-2">
            {refundPreview(target, toConfirm).map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </div>
        }
        confirmLabel={unknownOutcome ? 'Send the same request again' : `Refund ${amountWithCurrency(toConfirm.amount, target.network)}`}
        cancelLabel="Back"
        tone="danger"
        pending={refund.isPending}
        error={
          refund.error && (
            <div className="mt-4">
              <ErrorNotice
                error={refund.error}
                detail={unknownOutcome ? 'Whether the refund was asked for is not known. Sending again uses the same request key, so it is paid at most once.' : undefined}
              />
            </div>
          )
        }
        onConfirm={confirm}
        onCancel={() => setToConfirm(null)}
      />
    );
  }

  return (
    <Dialog title={`Refund payment ${target.paymentId}`} description={`Of ${amountWithCurrency(target.amount, target.network)}, ${amountWithCurrency(target.remaining, target.network)} is left to refund.`} onClose={onClose}>
      <form method="post" noValidate onSubmit={review} className="space-y-4">
        <TextField
          label="Amount"
          name="amount"
          required
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          hint={`At most what is left, ${amountWithCurrency(target.remaining, target.network)}.`}
          error={problems.amount}
        />
        <TextareaField
          label="Memo (optional)"
          name="memo"
          rows={2}
          maxLength={MAX_MEMO_LENGTH}
          value={memo}
          onChange={(event) => setMemo(event.target.value)}
          placeholder={defaultRefundMemo(target.paymentId)}
          hint={`The user sees it with the refund; “${defaultRefundMemo(target.paymentId)}” when left empty.`}
          error={problems.memo}
        />
        <FormDialogActions submitLabel="Review the refund" pendingLabel="Reviewing…" pending={false} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * Refunds a completed user-to-app payment, in full or in part, to whoever paid it: the amount starts
 * at what is left to refund. Said in words before it is sent, and refused in the server's words.
 */
export function RefundPaymentDialog({ payment, onClose, onRefunded = onClose }: RefundPaymentDialogProps) {
  const refunds = usePaymentRefunds(payment.identifier);
  // What is left when the dialog opened stays its starting point: a refund of another staff member
  // meanwhile shows as the server's refusal, in its words, not as a form that changes under the cursor.
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const title = `Refund payment ${payment.identifier}`;
  if (target) return <RefundForm target={target} onClose={onClose} onRefunded={onRefunded} />;
  if (refunds.isPending) {
    return (
      <Dialog title={title} onClose={onClose}>
        <Spinner label="Reading what is left to refund" />
      </Dialog>
    );
  }
  if (refunds.isError) {
    return (
      <Dialog title={title} onClose={onClose}>
        <ErrorNotice error={refunds.error} message={`What is left to refund could not be read: ${refunds.error.message}`} />
        <DoneAction onDone={onClose} />
      </Dialog>
    );
  }
  const { amount, remaining, notRefundable } = refunds.data;
  if (notRefundable || remaining === '0') {
    return (
      <Dialog title={title} onClose={onClose}>
        <p className="text-sm">{notRefundable?.message ?? `This payment’s ${amountWithCurrency(amount, payment.network)} is refunded in full already (paid or on its way).`}</p>
        <DoneAction onDone={onClose} autoFocus />
      </Dialog>
    );
  }
  setTarget({ paymentId: payment.identifier, amount, network: payment.network, uid: payment.user_uid, remaining });
  return null;
}
