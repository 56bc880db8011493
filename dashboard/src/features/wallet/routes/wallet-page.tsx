import { ErrorNotice } from '../../../components/error-notice.tsx';
import { NoWalletNotice } from '../../../display/wallet/no-wallet-notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { RetryableError } from '../../../components/retryable-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useWallet, type Wallet } from '../../../display/wallet/get-wallet.ts';
import { AvailableFunds } from '../components/available-funds.tsx';
import { LowBalanceBanner } from '../../../display/wallet/low-balance-banner.tsx';
import { WalletFigures } from '../components/wallet-figures.tsx';
import { WalletPaymentsTable } from '../components/wallet-payments-table.tsx';

function WalletSections({ wallet }: { wallet: Wallet }) {
  return (
    <div className="space-y-8">
      <LowBalanceBanner wallet={wallet} />
      <AvailableFunds wallet={wallet} />
      <WalletFigures wallet={wallet} />
      <PageSection title="Latest payments" description="The wallet's latest payments in and out, newest first, failed ones included.">
        <WalletPaymentsTable payments={wallet.recent} />
      </PageSection>
    </div>
  );
}

/** The app wallet that pays rewards: what it can still spend, how that adds up, and its latest payments. */
export function WalletPage() {
  const wallet = useWallet();
  return (
    <>
      <PageHeader title="Wallet" description="The app wallet that pays rewards: what it can still spend, what the network makes it keep, and its latest payments." />
      <div className="space-y-6">
        {wallet.isPending && <Spinner label="Reading the wallet" />}
        {wallet.isLoadingError && <RetryableError error={wallet.error} message={`The wallet could not be read: ${wallet.error.message}`} onRetry={() => void wallet.refetch()} />}
        {wallet.isRefetchError && <ErrorNotice error={wallet.error} message={`The latest refresh failed: ${wallet.error.message} The figures shown may be out of date.`} />}
        {wallet.data && (wallet.data.wallet ? <WalletSections wallet={wallet.data.wallet} /> : <NoWalletNotice />)}
      </div>
    </>
  );
}
