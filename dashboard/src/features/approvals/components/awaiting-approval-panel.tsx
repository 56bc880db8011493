import { useState } from 'react';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCan } from '../../../lib/access.ts';
import type { AwaitingDecision } from '../api/decide-awaiting.ts';
import { useAwaitingApproval, type AwaitingItem } from '../api/get-awaiting-approval.ts';
import { AwaitingApprovalTable } from './awaiting-approval-table.tsx';
import { AwaitingDecisionDialog } from './awaiting-decision-dialog.tsx';

const subheading = 'text-sm font-semibold text-zinc-900 dark:text-zinc-50';
const quiet = 'text-sm text-zinc-600 dark:text-zinc-400';

/** What waits for the signed-in approver (if they may approve), and what they asked for that waits for someone else. */
export function AwaitingApprovalPanel() {
  const awaiting = useAwaitingApproval();
  const canApprove = useCan('rewards:approve');
  const [open, setOpen] = useState<{ item: AwaitingItem; decision: AwaitingDecision } | null>(null);
  if (awaiting.isPending) return <Spinner label="Reading what awaits approval" />;
  if (awaiting.isLoadingError) return <ErrorNotice error={awaiting.error} />;
  const { toApprove, mine } = awaiting.data;

  return (
    <div className="space-y-6">
      {canApprove && (
        <div className="space-y-2">
          <h3 className={subheading}>{`For you to approve (${toApprove.length})`}</h3>
          {toApprove.length === 0 ? (
            <p className={quiet}>Nothing waits for your approval.</p>
          ) : (
            <AwaitingApprovalTable label="For you to approve" items={toApprove} decision="approve" onDecide={(item) => setOpen({ item, decision: 'approve' })} />
          )}
        </div>
      )}
      {!canApprove && mine.length === 0 && <p className={quiet}>Nothing you asked for waits for approval.</p>}
      {mine.length > 0 && (
        <div className="space-y-2">
          <h3 className={subheading}>{`Your requests, waiting for someone else (${mine.length})`}</h3>
          <AwaitingApprovalTable label="Your requests awaiting approval" items={mine} decision="withdraw" onDecide={(item) => setOpen({ item, decision: 'withdraw' })} />
        </div>
      )}
      {open && <AwaitingDecisionDialog item={open.item} decision={open.decision} onClose={() => setOpen(null)} />}
    </div>
  );
}
