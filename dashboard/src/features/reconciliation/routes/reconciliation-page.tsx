import { useState } from 'react';
import { ExportCsvLink } from '../../../components/export-csv-link.tsx';
import { NoWalletNotice } from '../../../display/wallet/no-wallet-notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { RetryableError } from '../../../components/retryable-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCan } from '../../../lib/access.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import type { ReconciliationException } from '../../../display/reconciliation/exception-types.ts';
import { useSummary } from '../api/get-summary.ts';
import { ExceptionDialog } from '../components/exception-dialog.tsx';
import { ExceptionFiltersForm } from '../components/exception-filters-form.tsx';
import { ExceptionsTable } from '../components/exceptions-table.tsx';
import { PeriodForm } from '../components/period-form.tsx';
import { ReconcileNow } from '../components/reconcile-now.tsx';
import { RollForwardSummary } from '../components/roll-forward-summary.tsx';
import { exceptionFilterParams, readReconciliationView, reconciliationViewParams, type ExceptionFilters, type Period } from '../reconciliation-filters.ts';

function Summary({ period }: { period: Period }) {
  const summary = useSummary(period);
  if (summary.isPending) return <Spinner label="Rolling the wallet's balance forward" />;
  if (summary.isError && summary.error instanceof ApiRequestError && summary.error.code === 'no_wallet') return <NoWalletNotice />;
  if (summary.isError) return <RetryableError error={summary.error} message={`The roll-forward could not be read: ${summary.error.message}`} onRetry={() => void summary.refetch()} />;
  return <RollForwardSummary summary={summary.data} />;
}

/** Whether the wallet's books tie, and what in its history does not tie to a payment. Period and filters live in the URL. */
export function ReconciliationPage() {
  const { filters: view, apply } = useUrlFilters(readReconciliationView, reconciliationViewParams);
  const canRun = useCan('reconciliation:act');
  const [opened, setOpened] = useState<ReconciliationException | null>(null);
  const period: Period = { from: view.from, to: view.to };
  const filters: ExceptionFilters = { kind: view.kind, state: view.state };
  const filterParams = exceptionFilterParams(filters);
  const filtered = filterParams.size > 0;

  return (
    <>
      <PageHeader
        title="Reconciliation"
        description="The app wallet's history, read back from the chain, tied to payments: whether the books tie, and every transaction that does not tie to a payment."
      />
      <div className="space-y-8">
        <Summary period={period} />
        <PeriodForm key={`${view.from}|${view.to}`} period={period} onApply={(next) => apply({ ...view, ...next })} />
        <PageSection title="Exceptions" description="What does not tie to a payment, newest first. Open one to see all about it.">
          <div className="flex flex-wrap items-center gap-3">
            {canRun && <ReconcileNow />}
            <div className="ml-auto">
              <ExportCsvLink path="/api/reconciliation/exceptions/export.csv" params={filterParams} filtered={filtered} />
            </div>
          </div>
          <ExceptionFiltersForm key={filterParams.toString()} filters={filters} filtered={filtered} onApply={(next) => apply({ ...view, ...next })} />
          <ExceptionsTable filters={filters} filtered={filtered} onOpen={setOpened} />
        </PageSection>
      </div>
      {opened && <ExceptionDialog exception={opened} onChanged={setOpened} onClose={() => setOpened(null)} />}
    </>
  );
}
