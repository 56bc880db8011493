import { useId } from 'react';
import { useCan } from '../../../lib/access.ts';
import type { Payment } from '../api/get-payment.ts';
import type { PaymentActionOutcome } from '../payment-action-outcome.ts';
import { paymentNextStep } from '../payment-next-step.ts';
import { PaymentActions } from './payment-actions.tsx';

const box = 'space-y-1.5 rounded-md border px-4 py-3 text-sm';
const stuckBox = `${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100`;
const waitingBox = `${box} border-zinc-200 bg-zinc-50 text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200`;

/**
 * For a payment that is not final: what is wrong or awaited, what to do and who can, with the actions
 * for a viewer who may take them. Once it is completed or cancelled only an open dialog stays, so the
 * outcome of the action that made it final is still shown.
 */
export function PaymentNextStepPanel({ payment, onOutcome }: { payment: Payment; onOutcome: (outcome: PaymentActionOutcome | null) => void }) {
  const canAct = useCan('payments:act');
  const headingId = useId();
  const step = paymentNextStep(payment, canAct);
  // One element whatever the step, so the actions (and an open dialog, in its portal) are not mounted again when the payment moves.
  return (
    <div role={step ? 'region' : undefined} aria-labelledby={step ? headingId : undefined} hidden={!step} className={step?.stuck ? stuckBox : waitingBox}>
      {step && (
        <>
          <h2 id={headingId} className="font-semibold">
            {step.stuck ? 'Needs a person' : 'What it waits for'}
          </h2>
          <p className="font-medium">{step.problem}</p>
          <p>{step.todo}</p>
          <p>{step.who}</p>
        </>
      )}
      <PaymentActions payment={payment} onOutcome={onOutcome} />
    </div>
  );
}
