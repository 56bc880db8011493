import type { FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { useRewardLimits, useSetRewardLimits, type RewardLimits } from '../../rewards/api/reward-limits.ts';

const FIELDS: Array<[keyof RewardLimits, string]> = [
  ['perRewardCap', 'Cap per reward'],
  ['dailyTotalPerStaff', 'Daily total per staff member'],
  ['approvalThreshold', 'Approval threshold (a second manager or admin approves above it)'],
];

/** The spending limits rewards and batches are checked against; empty means no limit. */
export function RewardLimitsSection() {
  const { data: limits } = useRewardLimits();
  const save = useSetRewardLimits();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || null;
    save.mutate({ perRewardCap: value('perRewardCap'), dailyTotalPerStaff: value('dailyTotalPerStaff'), approvalThreshold: value('approvalThreshold') });
  };

  return (
    <PageSection title="Reward limits" description="Amounts as decimals such as 100 or 12.5; leave a field empty for no limit. Every change is audited.">
      {limits && (
        <form onSubmit={submit} className="max-w-md space-y-3" key={JSON.stringify(limits)}>
          {FIELDS.map(([name, label]) => (
            <TextField key={name} name={name} label={label} inputMode="decimal" defaultValue={limits[name] ?? ''} />
          ))}
          {save.error && <ErrorNotice error={save.error} />}
          {save.isSuccess && <p className="text-sm text-green-700 dark:text-green-400">Saved.</p>}
          <Button type="submit" variant="primary" disabled={save.isPending}>
            Save the limits
          </Button>
        </form>
      )}
    </PageSection>
  );
}
