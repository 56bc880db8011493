import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { WalletPayment } from '../../../display/wallet/get-wallet.ts';
import { walletPaymentColumns } from './wallet-payment-columns.tsx';

/** The wallet's latest payments in and out, newest first, as Horizon lists them (one transaction can hold several). */
export function WalletPaymentsTable({ payments }: { payments: readonly WalletPayment[] }) {
  return (
    <DataTable
      label="Latest payments"
      columns={walletPaymentColumns}
      rows={payments}
      getRowId={(payment, index) => `${index}:${payment.hash}`}
      loading={false}
      empty="No payments in or out yet."
    />
  );
}
