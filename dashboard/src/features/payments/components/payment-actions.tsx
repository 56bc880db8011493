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

/** Cancel and complete, in the page header, for roles that may act on payments; each asks first and says what it does. */
export function PaymentActions({ payment, onOutcome }: PaymentActionsProps) {
  const canAct = useCan('payments:act');
  const [open, setOpen] = useState<Open>(null);
  if (!canAct) return null;

  const cancellable = canOfferCancel(payment);
  const completable = canOfferComplete(payment);
  const start = (action: Exclude<Open, null>) => () => {
    onOutcome(null);
    setOpen(action);
  };
  const finish = (outcome: PaymentActionOutcome) => {
    setOpen(null);
    onOutcome(outcome);
  };

  return (
    <section aria-label="Actions" className="flex flex-wrap items-center gap-2">
      {cancellable || completable ? (
        <>
          {completable && (
            <Button variant="primary" onClick={start('complete')}>
              Complete payment
            </Button>
          )}
          {cancellable && (
            <Button variant="danger" onClick={start('cancel')}>
              Cancel payment
            </Button>
          )}
        </>
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">No actions: the payment is completed or cancelled, and stays so.</p>
      )}
      {open === 'cancel' && (
        <CancelPaymentDialog payment={payment} onClose={() => setOpen(null)} onCancelled={() => finish({ kind: 'done', message: 'The payment is cancelled.' })} />
      )}
      {open === 'complete' && (
        <CompletePaymentDialog
          payment={payment}
          onClose={() => setOpen(null)}
          onCompleted={() => finish({ kind: 'done', message: 'The payment is completed.' })}
          onRefused={(error) => finish({ kind: 'refused', error })}
        />
      )}
    </section>
  );
}
