import { PageSection } from '../../../components/page-section.tsx';
import { useCan } from '../../../lib/access.ts';
import { useAwaitingApproval } from '../../../display/approval/awaiting-approval.ts';
import { awaitingCountWords } from '../../../display/approval/awaiting-item-words.ts';
import { awaitingApprovalPath } from '../overview-links.ts';
import { CountCard } from './count-card.tsx';

/** For those who may approve rewards: how many rewards and batches others asked for wait for them, linked to the list. */
export function AwaitingApprovalCard() {
  const canApprove = useCan('rewards:approve');
  const awaiting = useAwaitingApproval(canApprove);
  if (!canApprove) return null;
  const toApprove = awaiting.data?.toApprove;
  const value = toApprove ? toApprove.length.toLocaleString('en-US') : awaiting.isError ? 'unknown (could not be read)' : '…';
  const hint = toApprove
    ? toApprove.length === 0
      ? 'Nothing others asked for waits for you.'
      : `${awaitingCountWords(toApprove)} asked for by others. Open each to see its rows and warnings, then approve or reject it.`
    : 'Rewards and batches above the approval threshold that others asked for.';
  return (
    <PageSection title="Approvals">
      <ul aria-label="Approvals" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <CountCard label="Waiting for your approval" value={value} hint={hint} to={awaitingApprovalPath} />
      </ul>
    </PageSection>
  );
}
