import type { ColumnVisibilityState, SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DataTableViewOptions } from '../../../components/data-table/data-table-view-options.tsx';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { usePayments, type IndexedPayment } from '../api/get-payments.ts';
import { idProblem } from '../payment-lookup.ts';
import { hideablePaymentColumns, isFiltered, noPaymentFilters, paymentFilterParams, paymentSorts, type PaymentTableView } from '../payment-table-view.ts';
import { paymentColumnLabels, paymentColumns } from './payment-columns.tsx';

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
  const { filters, sort, order, hidden } = view;
  const payments = usePayments({ filters, sort, order });
  const navigate = useNavigate();

  const hiddenKey = hidden.join(',');
  const sorting = useMemo<SortingState>(() => [{ id: sort, desc: order === 'desc' }], [sort, order]);
  const columnVisibility = useMemo<ColumnVisibilityState>(() => Object.fromEntries(hiddenKey.split(',').filter(Boolean).map((id) => [id, false])), [hiddenKey]);

  const sortBy = (next: SortingState) => {
    const [first] = next;
    const nextSort = paymentSorts.find((candidate) => candidate === first?.id);
    if (first && nextSort) onViewChange({ ...view, sort: nextSort, order: first.desc ? 'desc' : 'asc' });
  };
  const showColumns = (next: ColumnVisibilityState) => onViewChange({ ...view, hidden: hideablePaymentColumns.filter((id) => next[id] === false) });

  return (
    <PagedDataTable
      label="Payments"
      columns={paymentColumns}
      query={payments}
      getRowId={idOf}
      empty={<EmptyMessage view={view} />}
      sorting={{ state: sorting, onChange: sortBy }}
      columnVisibility={{ state: columnVisibility, onChange: showColumns }}
      onRowOpen={(payment) => void navigate(paymentPath(payment.identifier))}
      toolbar={(table) => (
        <div className="flex justify-end">
          <DataTableViewOptions table={table} labels={paymentColumnLabels} />
        </div>
      )}
    />
  );
}
