import { Link } from 'react-router-dom';
import { ExportCsvLink } from '../../components/export-csv-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSection } from '../../components/page-section.tsx';
import { useCan } from '../../lib/access.ts';
import { useUrlFilters } from '../../lib/use-url-filters.ts';
import { AwaitingApprovalPanel } from '../../features/approvals/components/awaiting-approval-panel.tsx';
import { PayRewardForm } from '../../features/rewards/components/pay-reward-form.tsx';
import { RewardFiltersForm } from '../../features/rewards/components/reward-filters-form.tsx';
import { RewardsTable } from '../../features/rewards/components/rewards-table.tsx';
import { readRewardFilters, rewardFilterParams } from '../../display/reward/reward-filters.ts';

const link = 'text-sm font-medium text-indigo-700 underline dark:text-indigo-300';

/** The list of batches: next to the upload for those who pay, above the table for those who only read. */
function BatchesLink() {
  return (
    <Link to="/rewards/batches" className={link}>
      Batches
    </Link>
  );
}

/** What waits for approval and paying rewards (for roles that may), and every reward so far; the table's filters live in the URL, so every view is a link. */
export function RewardsPage() {
  const { filters, canonical, filtered, apply } = useUrlFilters(readRewardFilters, rewardFilterParams);
  const canPay = useCan('rewards:pay');

  return (
    <>
      <PageHeader
        title="Rewards"
        description="Payments from the app to its users. The console drives each reward until it is completed, and says in plain words when it cannot."
      />
      <div className="space-y-10">
        {canPay && (
          <PageSection title="Waiting for approval" description="Rewards and batches above the approval threshold wait here until a second manager or admin approves them; whoever asked can withdraw them.">
            <AwaitingApprovalPanel />
          </PageSection>
        )}
        {canPay && (
          <PageSection title="Pay a reward" description="Check who gets what before anything is sent; the reward's page opens once the server has taken it.">
            <PayRewardForm />
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <Link to="/rewards/batches/new" className={link}>
                Pay many users at once from a CSV file
              </Link>
              <BatchesLink />
            </div>
          </PageSection>
        )}
        <PageSection title="All rewards" description="Newest first. Unfinished rewards are read again every few seconds until they settle.">
          <div className="flex flex-wrap items-center gap-3">
            {!canPay && <BatchesLink />}
            <div className="ml-auto">
              <ExportCsvLink path="/api/rewards/export.csv" params={rewardFilterParams(filters)} filtered={filtered} />
            </div>
          </div>
          <RewardFiltersForm key={canonical} filters={filters} filtered={filtered} onApply={apply} />
          <RewardsTable filters={filters} filtered={filtered} />
        </PageSection>
      </div>
    </>
  );
}
