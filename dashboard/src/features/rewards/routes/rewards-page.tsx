import { PageHeader } from '../../../components/page-header.tsx';

export function RewardsPage() {
  return (
    <PageHeader
      title="Rewards"
      description="Paying rewards to users, one at a time or in batches, arrives with the rewards work."
    />
  );
}
