import type { Payment } from '../../../../bff/src/public-types.ts';
import { shortenMiddle } from '../../lib/shorten-middle.ts';
import { ExternalLink } from '../external-link.tsx';

const muted = 'text-zinc-500 dark:text-zinc-400';

export function shortTxid(txid: string): string {
  return shortenMiddle(txid);
}

/**
 * The payment's blockchain transaction: its txid, linked to the platform's record of it when that
 * link is an http(s) URL, and marked when the platform has not verified it.
 */
export function TransactionLink({ transaction, short = false }: { transaction: Payment['transaction']; short?: boolean }) {
  if (!transaction) return <span className={muted}>none</span>;
  const { txid, verified, _link: link } = transaction;
  return (
    <span className={`inline-flex items-baseline gap-x-1.5 font-mono text-xs ${short ? 'whitespace-nowrap' : 'flex-wrap'}`}>
      <ExternalLink url={link} title={txid}>
        {short ? shortTxid(txid) : <span className="break-all">{txid}</span>}
      </ExternalLink>
      {!verified && <span className="font-sans text-amber-800 dark:text-amber-300">(unverified)</span>}
    </span>
  );
}
