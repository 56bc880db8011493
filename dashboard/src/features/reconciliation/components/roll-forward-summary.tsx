import { useId } from 'react';
import { AmountFigure as Figure } from '../../../components/amount-figure.tsx';
import { FieldGroup } from '../../../components/field-group.tsx';
import type { RollForward } from '../api/get-summary.ts';
import { isZeroAmount } from '../../../display/reconciliation/exception-words.ts';

/** The answer first: whether the books tie, then the difference's size when they do not. */
function Difference({ summary }: { summary: RollForward }) {
  const headingId = useId();
  const ties = isZeroAmount(summary.difference);
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border p-5 shadow-sm ${ties ? 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900' : 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/50'}`}
    >
      <h2 id={headingId} className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
        Difference
      </h2>
      {ties ? (
        <p className="mt-1 text-2xl font-semibold text-emerald-800 dark:text-emerald-300">
          The books tie: difference <span className="font-mono tabular-nums">{summary.difference}</span>
        </p>
      ) : (
        <div role="alert">
          <p className="mt-1 text-2xl font-semibold text-red-800 dark:text-red-300">
            The books do not tie: difference <span className="font-mono tabular-nums">{summary.difference}</span>
          </p>
          <p className="mt-2 max-w-prose text-sm text-red-900 dark:text-red-100">
            The closing balance the history adds up to is not the balance on the chain. Transactions that landed since the last run show here until the next run reads
            them: reconcile now, and if the difference stays, look at the exceptions below.
          </p>
        </div>
      )}
    </section>
  );
}

/** The roll-forward over the period: the difference first, then opening → in → out → fees → closing against the chain. */
export function RollForwardSummary({ summary }: { summary: RollForward }) {
  return (
    <div className="space-y-6">
      <Difference summary={summary} />
      <FieldGroup title="How it rolls forward">
        <Figure label="Opening" amount={summary.opening} words="The wallet's balance at the start of the period, from the history read." />
        <Figure label="Money in" amount={summary.incoming} words="Payments received in the period." />
        <Figure label="Money out" amount={summary.outgoing} words="Payments sent in the period." />
        <Figure label="Fees" amount={summary.fees} words="Network fees, once per transaction, failed ones included." />
        <Figure label="Closing" amount={summary.closing} words="Opening + money in − money out − fees." />
        <Figure label="Chain balance" amount={summary.chainBalance} words="The wallet's balance on the chain at the end of the period." />
      </FieldGroup>
    </div>
  );
}
