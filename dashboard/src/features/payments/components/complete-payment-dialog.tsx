import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { useCompletePayment } from '../api/complete-payment.ts';
import type { Payment } from '../api/get-payment.ts';

interface CompletePaymentDialogProps {
  payment: Payment;
  onClose: () => void;
  onCompleted: () => void;
  /** A refusal closes the dialog: there is nothing left to decide in it, and the page shows why. */
  onRefused: (error: Error) => void;
}

/** Completing uses the payment's own txid, which the server reads again from the platform; nobody types one. */
export function CompletePaymentDialog({ payment, onClose, onCompleted, onRefused }: CompletePaymentDialogProps) {
  const complete = useCompletePayment();
  return (
    <ConfirmDialog
      title={`Complete payment ${payment.identifier}?`}
      consequence={
        <>
          <p>
            {`${payment.amount} ${payment.network}, user `}
            <span className="font-mono break-all">{payment.user_uid}</span>.
          </p>
          <p className="mt-2">
            The console reads the payment again from the platform and completes it with the payment&rsquo;s own transaction id,{' '}
            <span className="font-mono break-all">{payment.transaction?.txid}</span>. The platform then marks it completed for good; this cannot be undone.
          </p>
        </>
      }
      confirmLabel="Confirm completion"
      cancelLabel="Keep as is"
      pending={complete.isPending}
      onConfirm={() => complete.mutate(payment.identifier, { onSuccess: onCompleted, onError: onRefused })}
      onCancel={onClose}
    />
  );
}
