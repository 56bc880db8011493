import { PageHeader } from '../../../components/page-header.tsx';

export function OverviewPage() {
  return (
    <PageHeader
      title="Overview"
      description="Counts of incomplete, stuck and moving payments, rewarded-ad verdicts and the upstream status arrive with the ops work."
    />
  );
}
