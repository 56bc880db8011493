import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DataTableRowActions } from '../../../components/data-table/data-table-row-actions.tsx';
import { DoneAction } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import type { DropdownMenuItem } from '../../../components/menu/dropdown-menu.tsx';
import { paymentOpenItems } from '../../../components/payment/payment-open-items.ts';
import { useCan } from '../../../lib/access.ts';
import type { Payment } from '../api/get-payment.ts';
import { canOfferCancel, canOfferComplete, isRefundable } from '../payment-action-rules.ts';
import { CancelPaymentDialog } from './cancel-payment-dialog.tsx';
import { CompletePaymentDialog } from './complete-payment-dialog.tsx';
import { PaymentRefusal } from './payment-refusal.tsx';
import { RefundPaymentDialog } from './refund-payment-dialog.tsx';

/**
 * What the staff member may do to a payment from its row: open it or its user; for ops, cancel or
 * complete it, and for those who pay rewards, refund a completed user-to-app one, with the same dialogs
 * as the detail page. Done, the table stays where it was (a toast says what happened and the row is
 * read again); refused, it says why.
 */
export function PaymentRowActions({ payment }: { payment: Payment }) {
  const navigate = useNavigate();
  const canAct = useCan('payments:act');
  const canRefund = useCan('refunds:pay');
  const [open, setOpen] = useState<'cancel' | 'complete' | 'refund' | null>(null);
  const [refusal, setRefusal] = useState<Error | null>(null);
  const id = payment.identifier;
  const close = () => setOpen(null);

  const items: DropdownMenuItem[] = paymentOpenItems((path) => void navigate(path), payment);
  if (canAct && canOfferComplete(payment)) items.push({ label: 'Complete payment…', onSelect: () => setOpen('complete') });
  if (canAct && canOfferCancel(payment)) items.push({ label: 'Cancel payment…', onSelect: () => setOpen('cancel') });
  if (canRefund && isRefundable(payment)) items.push({ label: 'Refund…', onSelect: () => setOpen('refund') });

  return (
    <>
      <DataTableRowActions label={`Actions for payment ${id}`} items={items} />
      {open === 'cancel' && <CancelPaymentDialog payment={payment} onClose={close} onCancelled={close} />}
      {open === 'refund' && <RefundPaymentDialog payment={payment} onClose={close} />}
      {open === 'complete' && (
        <CompletePaymentDialog
          payment={payment}
          onClose={close}
          onCompleted={close}
          onRefused={(error) => {
            setOpen(null);
            setRefusal(error);
          }}
        />
      )}
      {refusal && (
        <Dialog title={`Payment ${id} was not completed`} onClose={() => setRefusal(null)}>
          <PaymentRefusal error={refusal} />
          <DoneAction onDone={() => setRefusal(null)} autoFocus />
        </Dialog>
      )}
    </>
  );
}
