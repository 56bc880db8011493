import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { useCompletePayment } from '../api/complete-payment.ts';
import type { Payment } from '../api/get-payment.ts';
import { PaymentRefusal } from './payment-refusal.tsx';

/** Completing uses the payment's own txid, which the server reads again from the platform; nobody types one. */
export function CompletePaymentDialog({ payment, onClose, onCompleted }: { payment: Payment; onClose: () => void; onCompleted: () => void }) {
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
      pending={complete.isPending}
      error={complete.error && <PaymentRefusal error={complete.error} />}
      onConfirm={() => complete.mutate(payment.identifier, { onSuccess: onCompleted })}
      onCancel={onClose}
    />
  );
}
