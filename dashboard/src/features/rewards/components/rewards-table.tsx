import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import type { Reward } from '../api/get-reward.ts';
import { useRewards } from '../api/get-rewards.ts';
import type { RewardFilters } from '../reward-filters.ts';
import { rewardColumns } from './reward-columns.tsx';

const idOf = (reward: Reward) => reward.id;

/** Every reward, newest first; unfinished ones are read again every few seconds until they settle. */
export function RewardsTable({ filters, filtered }: { filters: RewardFilters; filtered: boolean }) {
  return (
    <PagedDataTable
      label="Rewards"
      columns={rewardColumns}
      query={useRewards(filters)}
      getRowId={idOf}
      empty={filtered ? 'No rewards match these filters.' : 'No reward has been paid yet.'}
    />
  );
}
