import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useRunReconciliation, type ReconciliationRun } from '../api/run-reconciliation.ts';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function runWords({ transactionsRead, exceptionsFound }: ReconciliationRun): string {
  return `Read ${count(transactionsRead, 'transaction', 'transactions')}, found ${count(exceptionsFound, 'exception', 'exceptions')}.`;
}

/** Reads the wallet's new history now and ties it to payments; the answer comes when the run is done. */
export function ReconcileNow() {
  const run = useRunReconciliation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="primary" onClick={() => run.mutate()} disabled={run.isPending} aria-busy={run.isPending}>
        {run.isPending ? 'Reconciling…' : 'Reconcile now'}
      </Button>
      {run.isPending && <Spinner label="Reading the wallet's new transactions from the chain and tying them to payments…" />}
      {run.data && !run.isPending && (
        <p role="status" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {runWords(run.data)}
        </p>
      )}
      {run.error && !run.isPending && <ErrorNotice error={run.error} />}
    </div>
  );
}
