import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useCan } from '../../../lib/access.ts';
import { useMyStaffId } from '../../../lib/session.ts';
import { useBatchAction, type BatchVerb } from '../api/batch-action.ts';
import type { Batch } from '../../../display/batch/batch-types.ts';
import { BatchActionDialog, type ConfirmedBatchVerb } from './batch-action-dialog.tsx';
import { RejectDialog } from '../../../display/approval/reject-dialog.tsx';
import { requesterName } from '../../../display/reward/requester-name.ts';

const labels: Record<BatchVerb, string> = { start: 'Start paying', approve: 'Approve', pause: 'Pause', resume: 'Resume', cancel: 'Cancel the rows not started' };

const isConfirmed = (verb: BatchVerb): verb is ConfirmedBatchVerb => verb !== 'pause' && verb !== 'resume';

/**
 * What can be done to the batch now. Start, approve, reject and cancel ask first (reject asks for a
 * reason); a refusal of pause or resume shows next to the buttons.
 */
export function BatchActions({ batch }: { batch: Batch }) {
  const action = useBatchAction(batch.id);
  const [asking, setAsking] = useState<ConfirmedBatchVerb | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const canPay = useCan('rewards:pay');
  const canApprove = useCan('rewards:approve');
  const me = useMyStaffId();
  // Cancelling one's own batch before anyone approved it is withdrawing it (nothing was paid); nobody else may.
  const withdrawing = batch.state === 'awaiting_approval' && batch.requestedBy.id === me;
  const verbs: BatchVerb[] = [];
  if (canPay && batch.state === 'previewed' && batch.valid > 0) verbs.push('start');
  const approvable = canApprove && batch.state === 'awaiting_approval' && batch.requestedBy.id !== me;
  if (approvable) verbs.push('approve');
  if (canPay && batch.state === 'running') verbs.push('pause');
  if (canPay && batch.state === 'paused') verbs.push('resume');
  if (canPay && (['previewed', 'running', 'paused'].includes(batch.state) || withdrawing)) verbs.push('cancel');

  const act = (verb: BatchVerb) => {
    if (isConfirmed(verb)) {
      action.reset();
      setAsking(verb);
    } else {
      action.mutate(verb);
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {verbs.map((verb) => (
          <Button key={verb} variant={verb === 'cancel' ? 'danger' : 'primary'} disabled={action.isPending} onClick={() => act(verb)}>
            {verb === 'cancel' && withdrawing ? 'Withdraw' : labels[verb]}
          </Button>
        ))}
        {approvable && (
          <Button variant="danger" disabled={action.isPending} onClick={() => setRejecting(true)}>
            Reject
          </Button>
        )}
      </div>
      {action.error && <ErrorNotice error={action.error} />}
      {asking && <BatchActionDialog batch={batch} verb={asking} withdrawing={withdrawing} onClose={() => setAsking(null)} />}
      {rejecting && (
        <RejectDialog
          target={{ kind: 'batch', id: batch.id }}
          what={`${batch.valid} rows (${batch.total} in all)`}
          requester={requesterName(batch.requestedBy)}
          onClose={() => setRejecting(false)}
          onRejected={() => setRejecting(false)}
        />
      )}
    </div>
  );
}
