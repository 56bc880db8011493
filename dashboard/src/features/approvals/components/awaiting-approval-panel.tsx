import { useState } from 'react';
import { REJECTED_SHOWN_FOR_DAYS } from '../../../../../common/limits.ts';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCan } from '../../../lib/access.ts';
import { useAwaitingApproval, type AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { AwaitingApprovalTable } from './awaiting-approval-table.tsx';
import { RejectedRequestsTable } from './rejected-requests-table.tsx';
import { WithdrawAwaitingDialog } from './withdraw-awaiting-dialog.tsx';

const subheading = 'text-sm font-semibold text-zinc-900 dark:text-zinc-50';
const quiet = 'text-sm text-zinc-600 dark:text-zinc-400';

/**
 * What waits for the signed-in approver (if they may approve: each opens its page, where it is
 * approved or rejected), what they asked for that waits for someone else, and what of theirs was rejected lately.
 */
export function AwaitingApprovalPanel() {
  const awaiting = useAwaitingApproval();
  const canApprove = useCan('rewards:approve');
  const [withdrawing, setWithdrawing] = useState<AwaitingItem | null>(null);
  if (awaiting.isPending) return <Spinner label="Reading what awaits approval" />;
  if (awaiting.isLoadingError) return <ErrorNotice error={awaiting.error} />;
  const { toApprove } = awaiting.data;
  const waiting = awaiting.data.mine.filter((item) => item.rejection === null);
  const rejected = awaiting.data.mine.filter((item) => item.rejection !== null);

  return (
    <div className="space-y-6">
      {canApprove && (
        <div className="space-y-2">
          <h3 className={subheading}>{`For you to approve (${toApprove.length})`}</h3>
          {toApprove.length === 0 ? (
            <p className={quiet}>Nothing waits for your approval.</p>
          ) : (
            <>
              <p className={quiet}>Open each to see who asked for it, what it pays and any warnings, then approve or reject it there.</p>
              <AwaitingApprovalTable label="For you to approve" items={toApprove} />
            </>
          )}
        </div>
      )}
      {!canApprove && waiting.length === 0 && <p className={quiet}>Nothing you asked for waits for approval.</p>}
      {waiting.length > 0 && (
        <div className="space-y-2">
          <h3 className={subheading}>{`Your requests, waiting for someone else (${waiting.length})`}</h3>
          <AwaitingApprovalTable label="Your requests awaiting approval" items={waiting} onWithdraw={setWithdrawing} />
        </div>
      )}
      {rejected.length > 0 && (
        <div className="space-y-2">
          <h3 className={subheading}>{`Your requests that were rejected in the last ${REJECTED_SHOWN_FOR_DAYS} days (${rejected.length})`}</h3>
          <RejectedRequestsTable items={rejected} />
        </div>
      )}
      {withdrawing && <WithdrawAwaitingDialog item={withdrawing} onClose={() => setWithdrawing(null)} />}
    </div>
  );
}
