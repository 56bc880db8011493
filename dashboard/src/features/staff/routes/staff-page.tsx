import { PageHeader } from '../../../components/page-header.tsx';

export function StaffPage() {
  return (
    <PageHeader
      title="Staff"
      description="Managing staff accounts and their roles arrives with the staff work."
    />
  );
}
