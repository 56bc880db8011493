import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { refreshSession, secondFactorMethods, useSession, type SecondFactorMethod } from '../../../lib/session.ts';
import { useStepUpRequest, type StepUpRequest } from '../../../lib/step-up.ts';
import { useStepUp } from '../api/give-second-factor.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

/** The factors to offer, or null while the session is read again: it may predate the member's newest factor. */
function StepUpQuestion({ request, methods }: { request: StepUpRequest; methods: readonly SecondFactorMethod[] | null }) {
  const stepUp = useStepUp();
  const decline = () => request.answer(false);
  return (
    <Dialog
      title="Confirm it is you"
      description="This action moves money or changes who may. Give your second factor, and it goes ahead as you asked."
      onClose={decline}
      dismissible={!stepUp.isPending}
    >
      {methods ? (
        <SecondFactorForm
          methods={methods}
          pending={stepUp.isPending}
          error={stepUp.error}
          onSubmit={(proof) => stepUp.mutate(proof, { onSuccess: () => request.answer(true) })}
          onSwitch={() => stepUp.reset()}
          actions={<FormDialogActions submitLabel="Confirm and go ahead" pendingLabel="Checking…" pending={stepUp.isPending} onCancel={decline} />}
        />
      ) : (
        <Spinner label="Reading your second factors" />
      )}
    </Dialog>
  );
}

/**
 * Asks for the second factor again when the server refuses an action until it is checked, over
 * whatever page or dialog asked for the action, which then goes ahead unchanged. One for the whole app.
 */
export function StepUpDialog() {
  const request = useStepUpRequest();
  const session = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (request) void refreshSession(client);
  }, [request, client]);
  if (!request || session.data?.status !== 'signed-in') return null;
  // Read again since the question came (or failed to be: then what was read before is all there is).
  const readSinceAsked = Math.max(session.dataUpdatedAt, session.errorUpdatedAt) >= request.askedAt;
  const methods = readSinceAsked ? secondFactorMethods(session.data.secondFactor) : null;
  return <StepUpQuestion key={request.id} request={request} methods={methods} />;
}
