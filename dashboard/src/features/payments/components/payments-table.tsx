import { Link, useNavigate } from 'react-router-dom';
import { DataTableViewOptions } from '../../../components/data-table/data-table-view-options.tsx';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { usePayments, type IndexedPayment } from '../api/get-payments.ts';
import { idProblem } from '../payment-lookup.ts';
import { isFiltered, noPaymentFilters, paymentFilterParams, type PaymentTableView } from '../payment-table-view.ts';
import { paymentColumnLabels, paymentColumns } from './payment-columns.tsx';
import { usePaymentTableControls } from './payment-table-controls.ts';

const idOf = (payment: IndexedPayment) => payment.identifier;
const link = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';

/** What to say when a view is empty; a uid that finds nothing may have been a payment id. */
function EmptyMessage({ view }: { view: PaymentTableView }) {
  const { filters } = view;
  if (!isFiltered(filters)) {
    return <p>The index is empty. Payments appear here once the console sees them: look one up by id, or import ids.</p>;
  }
  const onlyUid = paymentFilterParams({ ...noPaymentFilters, uid: filters.uid }).toString() === paymentFilterParams(filters).toString();
  if (onlyUid && !idProblem(filters.uid)) {
    return (
      <p>
        {`No payments of user ${filters.uid} in the index. If that is a payment id, `}
        <Link to={paymentPath(filters.uid)} className={link}>
          open it as a payment
        </Link>
        .
      </p>
    );
  }
  return <p>No payments in the index match these filters.</p>;
}

interface PaymentsTableProps {
  view: PaymentTableView;
  /** Sorting and showing columns change the view, which lives in the URL. */
  onViewChange: (view: PaymentTableView) => void;
}

export function PaymentsTable({ view, onViewChange }: PaymentsTableProps) {
  const { filters, sort, order } = view;
  const payments = usePayments({ filters, sort, order });
  const navigate = useNavigate();
  const { sorting, columnVisibility } = usePaymentTableControls(view, onViewChange);

  return (
    <PagedDataTable
      label="Payments"
      columns={paymentColumns}
      query={payments}
      getRowId={idOf}
      empty={<EmptyMessage view={view} />}
      sorting={sorting}
      columnVisibility={columnVisibility}
      onRowOpen={(payment) => void navigate(paymentPath(payment.identifier))}
      toolbar={(table) => (
        <div className="flex justify-end">
          <DataTableViewOptions table={table} labels={paymentColumnLabels} />
        </div>
      )}
    />
  );
}
