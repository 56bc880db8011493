import type { SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { ExportCsvLink } from '../../../components/export-csv-link.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { usePayments, type IndexedPayment } from '../../payments/api/get-payments.ts';
import { paymentColumns } from '../../payments/components/payment-columns.tsx';
import { paymentQueryParams, paymentSorts, paymentViewParams, readPaymentView } from '../../payments/payment-table-view.ts';

const idOf = (payment: IndexedPayment) => payment.identifier;

/** All the user's payments in the index, sorted as the URL says, with a CSV export of exactly these. */
export function UserPayments({ uid }: { uid: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const read = readPaymentView(searchParams);
  const view = { ...read, filters: { ...read.filters, uid } };
  const { sort, order } = view;
  const payments = usePayments({ filters: view.filters, sort, order });
  const sorting = useMemo<SortingState>(() => [{ id: sort, desc: order === 'desc' }], [sort, order]);

  const sortBy = (next: SortingState) => {
    const [first] = next;
    const nextSort = paymentSorts.find((candidate) => candidate === first?.id);
    if (!first || !nextSort) return;
    const params = paymentViewParams({ ...read, sort: nextSort, order: first.desc ? 'desc' : 'asc' });
    setSearchParams(params);
  };

  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <ExportCsvLink path="/api/payments/export.csv" params={paymentQueryParams(view)} filtered />
      </div>
      <PagedDataTable
        label="Payments of this user"
        columns={paymentColumns}
        query={payments}
        getRowId={idOf}
        empty="No payment of this user is in the index."
        sorting={{ state: sorting, onChange: sortBy }}
        onRowOpen={(payment) => void navigate(paymentPath(payment.identifier))}
      />
    </div>
  );
}
