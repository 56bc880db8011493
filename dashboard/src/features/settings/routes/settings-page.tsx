import { PageHeader } from '../../../components/page-header.tsx';
import { RewardLimitsSection } from '../components/reward-limits-section.tsx';
import { WalletSettingsSection } from '../components/wallet-settings-section.tsx';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="The limits on rewards and the wallet's low-balance threshold. The app backend's API keys have a page of their own." />
      <div className="space-y-10">
        <RewardLimitsSection />
        <WalletSettingsSection />
      </div>
    </>
  );
}
