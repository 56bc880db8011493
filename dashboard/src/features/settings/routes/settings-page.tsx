import { PageHeader } from '../../../components/page-header.tsx';
import { IngestTokensSection } from '../components/ingest-tokens-section.tsx';
import { RewardLimitsSection } from '../components/reward-limits-section.tsx';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="How other systems reach the console, and the limits on rewards." />
      <div className="space-y-10">
        <RewardLimitsSection />
        <IngestTokensSection />
      </div>
    </>
  );
}
