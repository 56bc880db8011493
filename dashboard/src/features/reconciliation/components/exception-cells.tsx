import { Link } from 'react-router-dom';
import { Badge } from '../../../components/badge.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { shortenMiddle } from '../../../lib/shorten-middle.ts';
import { rewardPath } from '../../../display/reward/reward-filters.ts';
import type { ExceptionKind, ExceptionState, ReconciliationException } from '../../../display/reconciliation/exception-types.ts';
import { exceptionKindLabels, exceptionStateLabels, exceptionStateTones } from '../../../display/reconciliation/exception-words.ts';

export const muted = 'text-zinc-500 dark:text-zinc-400';
const internalLink = 'font-mono text-xs whitespace-nowrap text-indigo-700 hover:underline dark:text-indigo-300';

/** The kind in words; its code for screen readers and in the tooltip. */
export function ExceptionKindText({ kind }: { kind: ExceptionKind }) {
  return (
    <span title={kind}>
      {exceptionKindLabels[kind]}
      <span className="sr-only">{` (${kind})`}</span>
    </span>
  );
}

export function ExceptionStateBadge({ state }: { state: ExceptionState }) {
  return <Badge tone={exceptionStateTones[state]}>{exceptionStateLabels[state]}</Badge>;
}

/** The chain transaction, cut in the middle unless `full`, linked to Horizon when its link is http(s). */
export function ChainTransaction({ exception, full = false }: { exception: ReconciliationException; full?: boolean }) {
  const { txHash, transactionLink } = exception;
  if (!txHash) return <span className={muted}>none</span>;
  const text = full ? <span className="break-all">{txHash}</span> : <span className="whitespace-nowrap">{shortenMiddle(txHash, 6, 6)}</span>;
  return <span className="font-mono text-xs">{transactionLink ? <ExternalLink url={transactionLink} title={txHash}>{text}</ExternalLink> : <span title={txHash}>{text}</span>}</span>;
}

/** A wallet address, cut in the middle unless `full`. */
export function Counterparty({ address, full = false }: { address: string | null; full?: boolean }) {
  if (!address) return <span className={muted}>unknown</span>;
  return (
    <span className={`font-mono text-xs ${full ? 'break-all' : 'whitespace-nowrap'}`} title={address}>
      {full ? address : shortenMiddle(address, 6, 6)}
    </span>
  );
}

/** The payment and the reward the exception is about, each opening its page. */
export function LinkedRecords({ exception, full = false }: { exception: ReconciliationException; full?: boolean }) {
  const { paymentId, rewardId } = exception;
  if (!paymentId && !rewardId) return <span className={muted}>none</span>;
  const shown = (id: string) => (full ? id : shortenMiddle(id, 6, 4));
  return (
    <span className="flex flex-col gap-0.5">
      {paymentId && (
        <Link to={paymentPath(paymentId)} title={`Open payment ${paymentId}`} className={internalLink}>
          <span className="font-sans">Payment </span>
          {shown(paymentId)}
        </Link>
      )}
      {rewardId && (
        <Link to={rewardPath(rewardId)} title={`Open reward ${rewardId}`} className={internalLink}>
          <span className="font-sans">Reward </span>
          {shown(rewardId)}
        </Link>
      )}
    </span>
  );
}
