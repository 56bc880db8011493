import { RejectionNotice } from '../../../display/approval/rejection-notice.tsx';
import { fromScaled, toScaled } from '../../../../../common/amount.ts';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';
import type { Batch } from '../../../display/batch/batch-types.ts';
import { batchStateInWords } from '../batch-title.ts';
import { durationWords, paceWords } from './batch-progress.tsx';
import { requesterName } from '../../../display/reward/requester-name.ts';

/** Before start or approval: whether the app wallet can pay the rows and their fees beside the work already accepted. */
function FundsToStart({ shortfall }: { shortfall: string }) {
  if (shortfall === '0') return <p className="text-sm text-zinc-700 dark:text-zinc-300">The app wallet can pay these rows and their fees beside the rewards already accepted.</p>;
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
      {`Needs funds: ${shortfall} more before it can be paid. The app wallet cannot pay these rows and their fees beside the rewards already accepted; started now, the batch waits, paused, and goes on by itself once the wallet is funded.`}
    </p>
  );
}

/** Before start: a batch over the approval threshold waits for a second person once started. */
function NeedsApproval({ threshold }: { threshold: string }) {
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
      {`Needs approval: the total is over the threshold of ${threshold}. Once you start it, a second manager or admin must approve it before anything is paid.`}
    </p>
  );
}

/** Who asked for it and what the file holds, in numbers; before start, the total with the network's fees. */
export function BatchSummary({ batch }: { batch: Batch }) {
  const network = useNetwork();
  const facts: Array<readonly [string, string]> = [
    ['State', batchStateInWords(batch)],
    ['Requested by', requesterName(batch.requestedBy) ?? batch.requestedBy.id],
    ['Rows', `${batch.rows} (${batch.valid} valid, ${batch.invalid} with a problem in the file)`],
    ['Users', String(batch.users)],
    ['Total', amountWithCurrency(batch.total, network)],
    ...(batch.networkFees === null ? [] : ([['Total with network fees', `${amountWithCurrency(fromScaled(toScaled(batch.total) + toScaled(batch.networkFees)), network)} (fees ${batch.networkFees})`]] as const)),
    ['Duplicate rows', String(batch.flags.duplicateRows)],
    ['Users on several rows', String(batch.flags.duplicateUsers)],
    ['Rows over the per-reward cap', String(batch.flags.overCap)],
    ['Users the console has never seen', String(batch.flags.unseenUsers)],
  ];
  const notStarted = batch.state === 'previewed' || batch.state === 'awaiting_approval';
  const pace = batch.atLedgerPace;
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
            <dd className="font-medium break-words text-zinc-900 tabular-nums dark:text-zinc-50">{value}</dd>
          </div>
        ))}
      </dl>
      {batch.rejection && <RejectionNotice rejection={batch.rejection} />}
      {batch.state === 'paused' && batch.needsFunds !== null && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
          {`Needs funds: ${batch.needsFunds} more. The app wallet cannot pay the next row and its fee, so nothing more is sent; the batch goes on by itself once the wallet is funded (or resume it once you have funded it).`}
        </p>
      )}
      {batch.needsApprovalOver !== null && batch.valid > 0 && <NeedsApproval threshold={batch.needsApprovalOver} />}
      {notStarted && batch.shortfallToStart !== null && batch.valid > 0 && <FundsToStart shortfall={batch.shortfallToStart} />}
      {notStarted && pace && batch.valid > 0 && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {`${batch.valid.toLocaleString('en')} rows: ${durationWords(pace.seconds)} at ${paceWords(pace.ledgerMs)}. The network takes one payment of the app wallet per ledger.`}
        </p>
      )}
    </div>
  );
}
