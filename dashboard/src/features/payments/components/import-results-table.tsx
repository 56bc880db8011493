import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../components/copy-button.tsx';
import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import type { ImportResult } from '../import-progress.ts';
import { ImportOutcomeBadge } from './import-outcome-badge.tsx';

/** Ten thousand rows are too many to draw; the rest are counted, and the failed ids can be copied. */
const MAX_ROWS_SHOWN = 1_000;

const column = dataTableColumnHelper<ImportResult>();

const columns = column.columns([
  column.accessor('id', {
    header: 'Payment id',
    cell: ({ row }) =>
      row.original.result === 'indexed' ? (
        <Link to={paymentPath(row.original.id)} className="font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300">
          {row.original.id}
        </Link>
      ) : (
        <span className="font-mono text-xs break-all">{row.original.id}</span>
      ),
  }),
  column.accessor('result', { header: 'Result', cell: (info) => <ImportOutcomeBadge outcome={info.getValue()} /> }),
  column.display({
    id: 'detail',
    header: 'Detail',
    cell: ({ row }) => {
      const result = row.original;
      if (result.result === 'indexed') return <PaymentStateBadge state={result.state} />;
      if (result.result === 'not_found') return 'No payment with this id on the platform.';
      if (result.result === 'invalid') return result.message;
      return (
        <>
          {result.message} <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{result.code}</span>
        </>
      );
    },
  }),
]);

const idOf = (result: ImportResult) => result.id;

/** One row per id the server has handled so far, optionally only those that were not indexed. */
export function ImportResultsTable({ results }: { results: readonly ImportResult[] }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const problems = results.filter((result) => result.result !== 'indexed');
  const listed = onlyProblems ? problems : results;
  const shown = listed.slice(0, MAX_ROWS_SHOWN);

  return (
    <section aria-labelledby="import-results-heading" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="import-results-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
          Results
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={onlyProblems} onChange={(event) => setOnlyProblems(event.target.checked)} className="size-4 accent-indigo-600 dark:accent-indigo-400" />
          Only ids that were not indexed
        </label>
        {problems.length > 0 && (
          <span className="ml-auto inline-flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            {`${problems.length} not indexed`}
            <CopyButton text={problems.map((result) => result.id).join('\n')} label="Copy the ids that were not indexed" />
          </span>
        )}
      </div>
      <DataTable label="Import results" columns={columns} rows={shown} getRowId={idOf} loading={false} empty={onlyProblems ? 'Every id so far was indexed.' : 'No results yet.'} />
      {listed.length > shown.length && <p className="text-xs text-zinc-500 dark:text-zinc-400">{`Showing the first ${shown.length} of ${listed.length} rows.`}</p>}
    </section>
  );
}
