import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useCan } from '../../../lib/access.ts';
import type { Payment } from '../api/get-payment.ts';
import { canOfferCancel, canOfferComplete } from '../payment-action-rules.ts';
import type { PaymentActionOutcome } from '../payment-action-outcome.ts';
import { CancelPaymentDialog } from './cancel-payment-dialog.tsx';
import { CompletePaymentDialog } from './complete-payment-dialog.tsx';

type Open = 'cancel' | 'complete' | null;

interface PaymentActionsProps {
  payment: Payment;
  /** What came of the last action, shown on the page; null when a new one starts. */
  onOutcome: (outcome: PaymentActionOutcome | null) => void;
}

/**
 * Complete and cancel, for roles that may act on payments; each asks first and says what it does. The
 * safe action leads: Complete when the transaction is verified. Once a transaction is recorded, Cancel is
 * secondary, not red: the platform refuses it, and cancelling would not send the money back.
 */
export function PaymentActions({ payment, onOutcome }: PaymentActionsProps) {
  const canAct = useCan('payments:act');
  const [open, setOpen] = useState<Open>(null);
  const cancellable = canOfferCancel(payment);
  const completable = canOfferComplete(payment);
  if (!canAct) return null;

  const start = (action: Exclude<Open, null>) => () => {
    onOutcome(null);
    setOpen(action);
  };
  const finish = (outcome: PaymentActionOutcome) => {
    setOpen(null);
    onOutcome(outcome);
  };

  // The dialogs outlive the buttons: a payment that turns final while one is open keeps it, and its outcome.
  return (
    <>
      {(cancellable || completable) && (
        <section aria-label="Actions" className="flex flex-wrap items-center gap-2 pt-1">
          {completable && (
            <Button variant="primary" onClick={start('complete')}>
              Complete payment
            </Button>
          )}
          {cancellable && (
            <Button variant={payment.transaction ? 'secondary' : 'danger'} onClick={start('cancel')}>
              Cancel payment
            </Button>
          )}
        </section>
      )}
      {open === 'cancel' && (
        <CancelPaymentDialog
          payment={payment}
          onClose={() => setOpen(null)}
          onCancelled={() => finish({ kind: 'done', message: 'The payment is cancelled.' })}
          onCompleteInstead={completable ? () => setOpen('complete') : undefined}
        />
      )}
      {open === 'complete' && (
        <CompletePaymentDialog
          payment={payment}
          onClose={() => setOpen(null)}
          onCompleted={() => finish({ kind: 'done', message: 'The payment is completed.' })}
          onRefused={(error) => finish({ kind: 'refused', error })}
        />
      )}
    </>
  );
}
