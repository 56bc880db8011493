import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useCan } from '../../../lib/access.ts';
import type { Payment } from '../api/get-payment.ts';
import { canOfferCancel, canOfferComplete } from '../payment-action-rules.ts';
import { CancelPaymentDialog } from './cancel-payment-dialog.tsx';
import { CompletePaymentDialog } from './complete-payment-dialog.tsx';

type Open = 'cancel' | 'complete' | null;

/** Cancel and complete, for roles that may act on payments; each asks first and says what it does. */
export function PaymentActions({ payment }: { payment: Payment }) {
  const canAct = useCan('payments:act');
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!canAct) return null;

  const cancellable = canOfferCancel(payment);
  const completable = canOfferComplete(payment);
  const finish = (message: string) => () => {
    setOpen(null);
    setDone(message);
  };

  return (
    <section aria-labelledby="payment-actions-heading" className="space-y-2">
      <h2 id="payment-actions-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Actions
      </h2>
      {done && <Notice>{done}</Notice>}
      {cancellable || completable ? (
        <div className="flex flex-wrap gap-2">
          {completable && (
            <Button variant="primary" onClick={() => setOpen('complete')}>
              Complete payment
            </Button>
          )}
          {cancellable && (
            <Button variant="danger" onClick={() => setOpen('cancel')}>
              Cancel payment
            </Button>
          )}
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">None: the payment is completed or cancelled, and stays so.</p>
      )}
      {open === 'cancel' && <CancelPaymentDialog payment={payment} onClose={() => setOpen(null)} onCancelled={finish('The payment is cancelled.')} />}
      {open === 'complete' && <CompletePaymentDialog payment={payment} onClose={() => setOpen(null)} onCompleted={finish('The payment is completed.')} />}
    </section>
  );
}
