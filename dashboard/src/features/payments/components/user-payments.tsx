import { useNavigate, useSearchParams } from 'react-router-dom';
import { DataTableViewOptions } from '../../../components/data-table/data-table-view-options.tsx';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { ExportCsvLink } from '../../../components/export-csv-link.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { usePayments, type IndexedPayment } from '../api/get-payments.ts';
import { paymentColumnLabels, paymentColumns } from './payment-columns.tsx';
import { usePaymentTableControls } from './payment-table-controls.ts';
import { paymentQueryParams, paymentViewParams, readPaymentView, type PaymentTableView } from '../payment-table-view.ts';

const idOf = (payment: IndexedPayment) => payment.identifier;

/** All the user's payments in the index, sorted and with the columns the URL says, with a CSV export of exactly these. */
export function UserPayments({ uid }: { uid: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const read = readPaymentView(searchParams);
  const view = { ...read, filters: { ...read.filters, uid } };
  const { sort, order } = view;
  const payments = usePayments({ filters: view.filters, sort, order });
  // The uid is the page's own, not a filter of the URL.
  const { sorting, columnVisibility } = usePaymentTableControls(view, (next: PaymentTableView) => setSearchParams(paymentViewParams({ ...next, filters: read.filters })));

  return (
    <PagedDataTable
      label="Payments of this user"
      columns={paymentColumns}
      query={payments}
      getRowId={idOf}
      empty="No payment of this user is in the index."
      sorting={sorting}
      columnVisibility={columnVisibility}
      onRowOpen={(payment) => void navigate(paymentPath(payment.identifier))}
      toolbar={(table) => (
        <div className="flex justify-end gap-2">
          <DataTableViewOptions table={table} labels={paymentColumnLabels} />
          <ExportCsvLink path="/api/payments/export.csv" params={paymentQueryParams(view)} filtered />
        </div>
      )}
    />
  );
}
