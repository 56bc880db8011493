import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { DialogActions, FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { useCan } from '../../../lib/access.ts';
import { requiredTextProblem } from '../../../lib/required-text.ts';
import { useAcknowledgeException, useCompleteExceptionPayment, useExceptionActionRunning, useResolveException } from '../api/exception-actions.ts';
import type { ReconciliationException } from '../../../display/reconciliation/exception-types.ts';
import { exceptionKindLabels } from '../../../display/reconciliation/exception-words.ts';
import { ExceptionFields } from './exception-fields.tsx';

const MAX_NOTE_LENGTH = 2_000;

type Step = 'view' | 'acknowledge' | 'resolve' | 'complete';

interface StepProps {
  exception: ReconciliationException;
  onDone: (exception: ReconciliationException) => void;
  onBack: () => void;
}

/** Asks for the note that says why; it is kept on the exception and in the audit log. */
function AcknowledgeForm({ exception, onDone, onBack }: StepProps) {
  const acknowledge = useAcknowledgeException();
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (acknowledge.isPending) return;
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    const found = requiredTextProblem(note, { name: 'note', maxLength: MAX_NOTE_LENGTH, whenEmpty: 'Enter a note: say what you found or what you will do.' });
    setProblem(found ?? undefined);
    if (!found) acknowledge.mutate({ id: exception.id, note }, { onSuccess: onDone });
  };
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Acknowledging marks this exception as seen and being looked into: it stays on the list, no money moves, and your note is kept on it and in the audit log with
        your name. Resolve it when it is settled.
      </p>
      {acknowledge.error && <ErrorNotice error={acknowledge.error} />}
      <TextareaField label="Note" name="note" rows={3} required maxLength={MAX_NOTE_LENGTH} hint="E.g. the ticket number, or what you asked the user." error={problem} />
      <FormDialogActions submitLabel="Acknowledge" pendingLabel="Acknowledging…" pending={acknowledge.isPending} onCancel={onBack} cancelLabel="Back" />
    </form>
  );
}

const confirmWords = {
  resolve:
    'Resolving says this exception is settled: it leaves the open list for good and no money moves. Do it once the money is back, the payment is put right, or you have decided nothing needs doing.',
  complete:
    'Completing tells the platform that the user’s payment arrived: the platform checks its transaction and marks the payment completed, so the user gets what they paid for. Then this exception is resolved. Both steps are audited.',
} as const;

/** Resolve, or complete the payment: says what will happen, then does it. */
function ConfirmStep({ exception, onDone, onBack, step }: StepProps & { step: 'resolve' | 'complete' }) {
  const resolve = useResolveException();
  const complete = useCompleteExceptionPayment();
  const action = step === 'resolve' ? resolve : complete;
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{confirmWords[step]}</p>
      {action.error && <ErrorNotice error={action.error} />}
      <DialogActions>
        <Button onClick={onBack} disabled={action.isPending}>
          Back
        </Button>
        <Button variant="primary" onClick={() => action.mutate({ id: exception.id }, { onSuccess: onDone })} disabled={action.isPending} aria-busy={action.isPending}>
          {action.isPending ? 'Working…' : step === 'resolve' ? 'Resolve' : 'Complete the payment'}
        </Button>
      </DialogActions>
    </div>
  );
}

/** What ops and admins may do to the exception in its state. */
function Actions({ exception, onStep, onClose }: { exception: ReconciliationException; onStep: (step: Step) => void; onClose: () => void }) {
  const canAct = useCan('reconciliation:act');
  const open = exception.state !== 'resolved';
  return (
    <DialogActions>
      <Button onClick={onClose}>Close</Button>
      {canAct && exception.state === 'open' && <Button onClick={() => onStep('acknowledge')}>Acknowledge</Button>}
      {canAct && open && <Button onClick={() => onStep('resolve')}>Resolve</Button>}
      {canAct && open && exception.kind === 'paid_not_completed' && exception.paymentId && (
        <Button variant="primary" onClick={() => onStep('complete')}>
          Complete the payment
        </Button>
      )}
    </DialogActions>
  );
}

/** An exception opened from the table: all its fields, and for ops and admins what can be done about it. */
export function ExceptionDialog({ exception, onChanged, onClose }: { exception: ReconciliationException; onChanged: (exception: ReconciliationException) => void; onClose: () => void }) {
  const [step, setStep] = useState<Step>('view');
  const running = useExceptionActionRunning();
  const back = () => setStep('view');
  const done = (moved: ReconciliationException) => {
    onChanged(moved);
    back();
  };
  return (
    <Dialog title={exceptionKindLabels[exception.kind]} onClose={onClose} dismissible={!running} wide>
      {step === 'view' && (
        <>
          <ExceptionFields exception={exception} />
          <Actions exception={exception} onStep={setStep} onClose={onClose} />
        </>
      )}
      {step === 'acknowledge' && <AcknowledgeForm exception={exception} onDone={done} onBack={back} />}
      {(step === 'resolve' || step === 'complete') && <ConfirmStep exception={exception} onDone={done} onBack={back} step={step} />}
    </Dialog>
  );
}
