import { Link } from 'react-router-dom';
import { Badge } from '../../../components/badge.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DateTime } from '../../../components/date-time.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { looksLikePaymentId, paymentPath } from '../../../components/payment/payment-path.ts';
import { httpUrlOrNull } from '../../../lib/safe-url.ts';
import { shortenMiddle } from '../../../lib/shorten-middle.ts';
import type { WalletPayment } from '../../../display/wallet/get-wallet.ts';

const column = dataTableColumnHelper<WalletPayment>();
const muted = 'text-zinc-500 dark:text-zinc-400';
const amountClasses = 'font-mono text-xs whitespace-nowrap tabular-nums';

const directionWords = { out: 'Sent', in: 'Received' } as const;

function DirectionCell({ payment }: { payment: WalletPayment }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="whitespace-nowrap">{directionWords[payment.direction]}</span>
      {!payment.successful && <Badge tone="danger">Failed</Badge>}
    </span>
  );
}

/** A memo that names a payment opens it; any other memo is plain text. */
function MemoCell({ memo }: { memo: string | null }) {
  if (!memo) return <span className={muted}>none</span>;
  const text = <span className="block max-w-32 truncate text-xs">{memo}</span>;
  if (!looksLikePaymentId(memo)) return <span title={memo}>{text}</span>;
  return (
    <Link to={paymentPath(memo)} title={`Open payment ${memo}`} className="font-mono text-indigo-700 hover:underline dark:text-indigo-300">
      {text}
    </Link>
  );
}

/** The transaction on Horizon when its link is an http(s) URL; otherwise its hash, shortened, as text. */
function TransactionCell({ payment }: { payment: WalletPayment }) {
  if (!httpUrlOrNull(payment.transactionLink)) return <span className="font-mono text-xs" title={payment.hash}>{shortenMiddle(payment.hash)}</span>;
  return (
    <span className="text-xs whitespace-nowrap">
      <ExternalLink url={payment.transactionLink} title={payment.hash}>
        View on Horizon<span className="sr-only">{`: transaction ${shortenMiddle(payment.hash)}`}</span>
      </ExternalLink>
    </span>
  );
}

/** Seven narrow columns: at 1280 px they fit beside the sidebar without scrolling sideways. */
export const walletPaymentColumns = column.columns([
  column.accessor('createdAt', { header: 'Time', cell: (info) => <span className="text-xs"><DateTime iso={info.getValue()} /></span> }),
  column.accessor('direction', { header: 'Direction', cell: ({ row }) => <DirectionCell payment={row.original} /> }),
  column.accessor('counterparty', {
    header: 'Counterparty',
    cell: (info) => {
      const address = info.getValue();
      return address ? <span className="font-mono text-xs whitespace-nowrap" title={address}>{shortenMiddle(address, 6, 6)}</span> : <span className={muted}>unknown</span>;
    },
  }),
  column.accessor('amount', { header: 'Amount', cell: (info) => <span className={amountClasses}>{info.getValue() ?? '—'}</span> }),
  column.accessor('fee', { header: 'Fee', cell: (info) => <span className={amountClasses}>{info.getValue()}</span> }),
  column.accessor('memo', { header: 'Memo', cell: (info) => <MemoCell memo={info.getValue()} /> }),
  column.display({ id: 'transaction', header: 'Transaction', cell: ({ row }) => <TransactionCell payment={row.original} /> }),
]);
