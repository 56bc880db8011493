import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { resultCodeExplanation } from '../../../components/payment/platform-refusals.ts';
import { clearOutcomeWords, type ClearOutcome, type ClearResult } from '../clear-progress.ts';

const tones: Record<ClearOutcome, BadgeTone> = { completed: 'success', cancelled: 'success', skipped: 'neutral', awaiting_approval: 'warning', refused: 'warning', failed: 'danger' };

/** A refusal or failure: the plain explanation of its code, the code, and the server's own words. */
function Refusal({ code, message }: { code: string; message: string }) {
  const explanation = resultCodeExplanation(code);
  return (
    <span className="block max-w-md space-y-0.5">
      <span className="block">{explanation ?? message}</span>
      {explanation && explanation !== message && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{`The server said: ${message}`}</span>}
      <span className="block font-mono text-xs text-zinc-500 dark:text-zinc-400">{code}</span>
    </span>
  );
}

function WhatHappened({ result }: { result: ClearResult }) {
  switch (result.result) {
    case 'completed':
      return (
        <span className="flex flex-wrap items-center gap-2">
          Completed with its own transaction, now recorded by the platform.
          <PaymentStateBadge state={result.payment.state} />
        </span>
      );
    case 'cancelled':
      return 'Cancelled; no money moved, and it no longer blocks the next payment.';
    case 'skipped':
      return result.reason;
    case 'awaiting_approval':
      return (
        <span className="block max-w-md">
          {`${result.message} `}
          <Link to={`/rewards/${encodeURIComponent(result.rewardId)}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            Open the reward
          </Link>
        </span>
      );
    default:
      return <Refusal code={result.code} message={result.message} />;
  }
}

const column = dataTableColumnHelper<ClearResult>();

const columns = column.columns([
  column.accessor('id', { header: 'Payment', cell: (info) => <PaymentIdCell id={info.getValue()} /> }),
  column.accessor('result', { header: 'Result', cell: (info) => <Badge tone={tones[info.getValue()]}>{clearOutcomeWords[info.getValue()]}</Badge> }),
  column.display({ id: 'detail', header: 'What happened', cell: ({ row }) => <WhatHappened result={row.original} /> }),
]);

const idOf = (result: ClearResult) => result.id;

/** One row per payment the clearing has handled so far. */
export function ClearResultsTable({ results }: { results: readonly ClearResult[] }) {
  return <DataTable label="Clearing results" columns={columns} rows={results} getRowId={idOf} loading={false} empty="No payment handled yet." />;
}
