import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { RetryableError } from '../../../components/retryable-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePermissions } from '../../../lib/access.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useLowBalanceWallet } from '../../../display/wallet/use-low-balance-wallet.ts';
import { LowBalanceBanner } from '../../../display/wallet/low-balance-banner.tsx';
import { OVERVIEW_REFRESH_MS, useOverview } from '../api/get-overview.ts';
import { attentionItems } from '../attention-items.ts';
import { AwaitingApprovalCard } from '../components/awaiting-approval-card.tsx';
import { NeedsAttention } from '../components/needs-attention.tsx';
import { OverviewCounts, OverviewHealth } from '../components/overview-cards.tsx';

/**
 * The home page: counts that open their filtered tables, read again in the background every 30 seconds
 * (what waits for the approver's approval, every 10), and a warning when the wallet runs low.
 */
export function OverviewPage() {
  const overview = useOverview();
  const lowWallet = useLowBalanceWallet();
  const permissions = usePermissions();
  return (
    <>
      <PageHeader title="Overview" description="What is stuck, what is moving, today's rewarded-ad verdicts, and whether the parts the console depends on answer." />
      {lowWallet && (
        <div className="mb-6">
          <LowBalanceBanner wallet={lowWallet} linkToWallet />
        </div>
      )}
      {overview.isPending && <Spinner label="Counting" />}
      {overview.isLoadingError && <RetryableError error={overview.error} message={`The numbers could not be read: ${overview.error.message}`} onRetry={() => void overview.refetch()} />}
      {overview.data && (
        <div className="space-y-8">
          <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
            {`As of ${formatDateTime(new Date(overview.dataUpdatedAt).toISOString())}; read again every ${OVERVIEW_REFRESH_MS / 1000} seconds.`}
          </p>
          {overview.isRefetchError && <ErrorNotice error={overview.error} message={`The latest refresh failed: ${overview.error.message} The numbers shown may be out of date.`} />}
          <NeedsAttention items={attentionItems({ overview: overview.data, lowWallet, may: (permission) => permissions.includes(permission) })} />
          <AwaitingApprovalCard />
          <PageSection title="Payments and ads">
            <OverviewCounts overview={overview.data} />
          </PageSection>
          <PageSection title="Status">
            <OverviewHealth overview={overview.data} />
          </PageSection>
        </div>
      )}
    </>
  );
}
