import { PageHeader } from '../../../components/page-header.tsx';
import { IngestTokensSection } from '../components/ingest-tokens-section.tsx';
import { RewardLimitsSection } from '../components/reward-limits-section.tsx';
import { WalletSettingsSection } from '../components/wallet-settings-section.tsx';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="How other systems reach the console, the limits on rewards and the wallet's low-balance threshold." />
      <div className="space-y-10">
        <RewardLimitsSection />
        <WalletSettingsSection />
        <IngestTokensSection />
      </div>
    </>
  );
}
