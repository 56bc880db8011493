import { PageHeader } from '../../../components/page-header.tsx';

export function PaymentsPage() {
  return (
    <PageHeader
      title="Payments"
      description="Payment look-up and the payment index arrive with the payments work."
    />
  );
}
