import { PageHeader } from '../../../components/page-header.tsx';

export function IncompletePage() {
  return (
    <PageHeader
      title="Incomplete payments"
      description="Finding and clearing the incomplete server payments that block a user's next payment arrives with the ops work."
    />
  );
}
