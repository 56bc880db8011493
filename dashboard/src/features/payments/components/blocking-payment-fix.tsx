import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useCan } from '../../../lib/access.ts';
import type { Payment } from '../api/get-payment.ts';
import { CancelPaymentDialog } from './cancel-payment-dialog.tsx';
import { CompletePaymentDialog } from './complete-payment-dialog.tsx';
import { PaymentRefusal } from './payment-refusal.tsx';
import { canOfferCancel, canOfferComplete } from '../payment-action-rules.ts';
import { userKeys } from '../../../display/user/user-keys.ts';

/**
 * The one fix for a payment that blocks the user, for ops: complete it when its transaction is verified,
 * otherwise cancel it. Each asks first, as on the payment's page; the user page is read again after.
 */
export function BlockingPaymentFix({ payment }: { payment: Payment }) {
  const canAct = useCan('payments:act');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<Error | null>(null);
  if (!canAct) return null;

  const done = () => {
    setOpen(false);
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };
  const completable = canOfferComplete(payment);
  if (!completable && !canOfferCancel(payment)) return null;

  return (
    <div className="space-y-2">
      <Button
        variant={completable ? 'primary' : 'danger'}
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
      >
        {completable ? 'Complete payment' : 'Cancel payment'}
      </Button>
      {refusal && <PaymentRefusal error={refusal} />}
      {open && completable && (
        <CompletePaymentDialog
          payment={payment}
          onClose={() => setOpen(false)}
          onCompleted={done}
          onRefused={(error) => {
            setOpen(false);
            setRefusal(error);
          }}
        />
      )}
      {open && !completable && <CancelPaymentDialog payment={payment} onClose={() => setOpen(false)} onCancelled={done} />}
    </div>
  );
}
