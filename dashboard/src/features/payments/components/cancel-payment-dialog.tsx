import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { paymentDirectionLabels } from '../../../components/payment/payment-states.ts';
import { requiredTextProblem } from '../../../lib/required-text.ts';
import { useCancelPayment } from '../api/cancel-payment.ts';
import type { Payment } from '../api/get-payment.ts';
import { PaymentRefusal } from './payment-refusal.tsx';

const MAX_REASON_LENGTH = 500;

/** What cancelling does, one case each: nothing paid yet (it ends the payment), or a transaction recorded (the platform refuses; complete it instead). */
function Consequence({ payment }: { payment: Payment }) {
  const afterwards = payment.direction === 'user_to_app' ? 'The user can then start a new payment.' : 'The app can then pay this user again, e.g. as a new reward.';
  return (
    <>
      <p>
        {`${payment.amount} ${payment.network}, ${paymentDirectionLabels[payment.direction].toLowerCase()}, user `}
        <span className="font-mono break-all">{payment.user_uid}</span>.
      </p>
      {payment.transaction ? (
        <p className="mt-2 font-medium text-amber-900 dark:text-amber-200">
          {`A blockchain transaction is recorded for this payment, so the money has already moved. Cancelling would not send it back, and the platform refuses to cancel a payment with a recorded transaction: ${
            payment.transaction.verified ? 'complete it instead.' : 'once the platform verifies the transaction, complete it instead.'
          }`}
        </p>
      ) : (
        <p className="mt-2">{`Nothing has been paid. Cancelling tells the platform this payment will not go ahead: it is marked cancelled for good and can never be completed, and no money moves. ${afterwards}`}</p>
      )}
    </>
  );
}

interface CancelPaymentDialogProps {
  payment: Payment;
  onClose: () => void;
  onCancelled: () => void;
  /** For a payment that can be completed: closes this dialog and asks to complete it instead. */
  onCompleteInstead?: () => void;
}

/** Asks for a reason before cancelling; the reason goes into the audit log with the outcome. */
export function CancelPaymentDialog({ payment, onClose, onCancelled, onCompleteInstead }: CancelPaymentDialogProps) {
  const cancel = useCancelPayment();
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cancel.isPending) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const found = requiredTextProblem(reason, { name: 'reason', maxLength: MAX_REASON_LENGTH, whenEmpty: 'Enter a reason: it is kept in the audit log with your name.' });
    setProblem(found ?? undefined);
    if (!found) cancel.mutate({ id: payment.identifier, reason }, { onSuccess: onCancelled });
  };

  return (
    <Dialog title={`Cancel payment ${payment.identifier}?`} description={<Consequence payment={payment} />} onClose={onClose} dismissible={!cancel.isPending}>
      <form method="post" noValidate onSubmit={submit} className="space-y-4">
        {onCompleteInstead && (
          <Button variant="primary" onClick={onCompleteInstead} disabled={cancel.isPending}>
            Complete it instead
          </Button>
        )}
        {cancel.error && <PaymentRefusal error={cancel.error} />}
        <TextareaField
          label="Reason"
          name="reason"
          rows={3}
          required
          maxLength={MAX_REASON_LENGTH}
          hint="Kept in the audit log with your name, e.g. the ticket number and what the user said."
          error={problem}
        />
        <FormDialogActions
          submitLabel={payment.transaction ? 'Try to cancel anyway' : 'Confirm cancellation'}
          pendingLabel="Cancelling…"
          pending={cancel.isPending}
          onCancel={onClose}
          cancelLabel="Keep the payment"
          tone="danger"
        />
      </form>
    </Dialog>
  );
}
