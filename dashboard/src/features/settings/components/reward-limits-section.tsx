import { PageSection } from '../../../components/page-section.tsx';
import { useRewardLimits, useSetRewardLimits, type RewardLimits } from '../api/reward-limits.ts';
import { SettingsForm } from './settings-form.tsx';

const LABELS: Record<keyof RewardLimits, string> = {
  perRewardCap: 'Cap per reward',
  dailyTotalPerStaff: 'Daily total per staff member',
  approvalThreshold: 'Approval threshold (a second manager or admin approves above it)',
};

/** The spending limits rewards and batches are checked against; empty means no limit. */
export function RewardLimitsSection() {
  const { data: limits } = useRewardLimits();
  const save = useSetRewardLimits();
  return (
    <PageSection title="Reward limits" description="Amounts as decimals such as 100 or 12.5; leave a field empty for no limit. Every change is audited.">
      {limits && (
        <SettingsForm
          fields={(Object.keys(LABELS) as Array<keyof RewardLimits>).map((name) => ({ name, label: LABELS[name], value: limits[name] }))}
          save={save}
          submitLabel="Save the limits"
        />
      )}
    </PageSection>
  );
}
