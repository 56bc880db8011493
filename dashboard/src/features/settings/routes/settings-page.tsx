import { PageHeader } from '../../../components/page-header.tsx';
import { RewardLimitsSection } from '../components/reward-limits-section.tsx';
import { SecondFactorPolicySection } from '../components/second-factor-policy-section.tsx';
import { WalletSettingsSection } from '../components/wallet-settings-section.tsx';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="The limits on rewards, the wallet's low-balance threshold, and who must sign in with a second factor. The app backend's API keys have a page of their own." />
      <div className="space-y-10">
        <RewardLimitsSection />
        <WalletSettingsSection />
        <SecondFactorPolicySection />
      </div>
    </>
  );
}
