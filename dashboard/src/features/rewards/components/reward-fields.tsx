import { Link } from 'react-router-dom';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { FieldRow } from '../../../components/field-row.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { batchPath } from '../../../display/batch/batch-filters.ts';
import { NamedTransactionLink } from '../../../display/payment/named-transaction-link.tsx';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { rewardsViewPath } from '../../../display/reward/reward-filters.ts';
import { RewardStateBadge } from '../../../display/reward/reward-state-badge.tsx';
import { requesterName } from '../../../display/reward/requester-name.ts';

const muted = 'text-zinc-500 dark:text-zinc-400';
const filterLink = 'text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300';

/** Every field of the reward as the console has it now. */
export function RewardFields({ reward }: { reward: Reward }) {
  const network = useNetwork(reward.network);
  return (
    <dl className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800/70">
      <FieldRow label="Reward id">
        <CopyableText text={reward.id} label="Copy the reward id" />
      </FieldRow>
      <FieldRow label="State">
        <RewardStateBadge state={reward.state} ledgerMs={reward.ledgerMs} />
      </FieldRow>
      <FieldRow label="User uid">
        <span className="flex flex-wrap items-center gap-2">
          <CopyableText text={reward.uid} label="Copy the user uid" />
          <Link to={rewardsViewPath({ uid: reward.uid })} className={filterLink}>
            This user&rsquo;s rewards
          </Link>
        </span>
      </FieldRow>
      <FieldRow label="Amount">
        <span className="font-mono tabular-nums">{amountWithCurrency(reward.amount, network)}</span>
      </FieldRow>
      <FieldRow label="Memo">{reward.memo}</FieldRow>
      <FieldRow label="Requested by">
        <span className="flex flex-wrap items-center gap-2">
          {requesterName(reward.requestedBy) ?? reward.requestedBy.id}
          <Link to={rewardsViewPath({ requestedBy: reward.requestedBy.id })} className={filterLink}>
            Their rewards
          </Link>
        </span>
      </FieldRow>
      {reward.batchId && (
        <FieldRow label="Batch">
          <Link to={batchPath(reward.batchId)} className={filterLink}>
            The batch this reward is a row of
          </Link>
        </FieldRow>
      )}
      {reward.refundOf && (
        <FieldRow label="Refund of">
          <PaymentIdCell id={reward.refundOf} />
        </FieldRow>
      )}
      <FieldRow label="Payment">{reward.paymentId ? <PaymentIdCell id={reward.paymentId} /> : <span className={muted}>none yet</span>}</FieldRow>
      <FieldRow label="Transaction id">{reward.txid ? <CopyableText text={reward.txid} label="Copy the txid" /> : <span className={muted}>none yet</span>}</FieldRow>
      <FieldRow label="Transaction link">
        {reward.txid && reward.transactionLink ? <NamedTransactionLink txid={reward.txid} url={reward.transactionLink} showUrl /> : <span className={muted}>none yet</span>}
      </FieldRow>
      <FieldRow label="Requested">
        <DateTime iso={reward.createdAt} />
      </FieldRow>
      <FieldRow label="Last changed">
        <DateTime iso={reward.updatedAt} />
      </FieldRow>
    </dl>
  );
}
