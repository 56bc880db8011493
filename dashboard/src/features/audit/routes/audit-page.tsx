import { PageHeader } from '../../../components/page-header.tsx';

export function AuditPage() {
  return (
    <PageHeader
      title="Audit log"
      description="The tamper-evident record of every sign-in and staff action arrives with the staff work."
    />
  );
}
