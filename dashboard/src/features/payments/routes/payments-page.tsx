import { Link, useSearchParams } from 'react-router-dom';
import { ExportCsvLink } from '../../../components/export-csv-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { IgnoredFiltersNotice } from '../components/ignored-filters-notice.tsx';
import { PaymentFiltersForm } from '../components/payment-filters-form.tsx';
import { PaymentsTable } from '../components/payments-table.tsx';
import { SavedViewLinks } from '../components/saved-view-links.tsx';
import {
  ignoredPaymentFilters,
  isFiltered,
  noPaymentFilters,
  paymentQueryParams,
  paymentsViewPath,
  paymentViewParams,
  readPaymentView,
  type PaymentFilters,
  type PaymentTableView,
} from '../payment-table-view.ts';

/** The whole table state (filters, sort, order, hidden columns) lives in the URL: every view is a link, and Back and Forward move between views. */
export function PaymentsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readPaymentView(searchParams);
  const ignored = ignoredPaymentFilters(searchParams, view);
  const filtered = isFiltered(view.filters);

  const show = (next: PaymentTableView) => setSearchParams(paymentViewParams(next));
  const applyFilters = (filters: PaymentFilters) => show({ ...view, filters });

  return (
    <>
      <PageHeader
        title="Payments"
        description="Every payment the console has seen: looked up, listed as incomplete, paid by the console, imported or sent by the app's backend."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/payments/import"
              className="inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800"
            >
              Import payments
            </Link>
            <ExportCsvLink path="/api/payments/export.csv" params={paymentQueryParams(view)} filtered={filtered} />
          </div>
        }
      />
      <div className="space-y-3">
        <SavedViewLinks currentPath={paymentsViewPath(view.filters)} />
        <IgnoredFiltersNotice ignored={ignored} />
        <PaymentFiltersForm filters={view.filters} clearable={filtered || ignored.length > 0} onApply={applyFilters} onClear={() => applyFilters(noPaymentFilters)} />
        <PaymentsTable view={view} onViewChange={show} />
      </div>
    </>
  );
}
