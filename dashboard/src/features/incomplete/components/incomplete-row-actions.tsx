import { useNavigate } from 'react-router-dom';
import { DataTableRowActions } from '../../../components/data-table/data-table-row-actions.tsx';
import { paymentOpenItems } from '../../../components/payment/payment-open-items.ts';
import type { IncompleteItem } from '../api/get-incomplete.ts';

/** An incomplete payment's row menu: open it, or its user. Clearing is the page's own action, on the selected rows. */
export function IncompleteRowActions({ item }: { item: IncompleteItem }) {
  const navigate = useNavigate();
  const payment = item.current ?? item.listed;
  return <DataTableRowActions label={`Actions for payment ${payment.identifier}`} items={paymentOpenItems((path) => void navigate(path), payment)} />;
}
