import { Badge } from '../../../components/badge.tsx';
import { useCan } from '../../../lib/access.ts';
import { useAwaitingApproval } from '../../../display/approval/awaiting-approval.ts';

/**
 * Beside "Rewards" in the sidebar: how many rewards and batches others asked for wait for the
 * signed-in staff member's approval. Nothing (and nothing asked) for those who may not approve, nor when none waits.
 */
export function AwaitingApprovalBadge() {
  const canApprove = useCan('rewards:approve');
  const awaiting = useAwaitingApproval(canApprove);
  const count = awaiting.data?.toApprove.length ?? 0;
  if (!canApprove || count === 0) return null;
  return (
    <span className="ml-auto">
      <Badge tone="warning">
        <span aria-hidden="true">{count}</span>
        <span className="sr-only">{`, ${count} waiting for your approval`}</span>
      </Badge>
    </span>
  );
}
