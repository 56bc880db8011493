import { useNavigate } from 'react-router-dom';
import { useColumnVisibility } from '../../../components/data-table/data-table-column-visibility.ts';
import { DataTableViewOptions } from '../../../components/data-table/data-table-view-options.tsx';
import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { useRewards } from '../api/get-rewards.ts';
import { rewardPath, type RewardFilters } from '../../../display/reward/reward-filters.ts';
import { defaultHiddenRewardColumns, rewardColumnLabels, rewardColumns } from './reward-columns.tsx';

const idOf = (reward: Reward) => reward.id;

/**
 * Every reward, newest first; unfinished ones are read again every few seconds until they settle.
 * `empty` says what no rows mean where the table is (by default, on the Rewards page with or without filters).
 */
export function RewardsTable({ filters, filtered, empty }: { filters: RewardFilters; filtered: boolean; empty?: string }) {
  const navigate = useNavigate();
  const columnVisibility = useColumnVisibility(defaultHiddenRewardColumns);
  return (
    <PagedDataTable
      label="Rewards"
      columns={rewardColumns}
      query={useRewards(filters)}
      getRowId={idOf}
      empty={empty ?? (filtered ? 'No rewards match these filters.' : 'No reward has been paid yet.')}
      columnVisibility={columnVisibility}
      onRowOpen={(reward) => void navigate(rewardPath(reward.id))}
      toolbar={(table) => (
        <div className="flex justify-end">
          <DataTableViewOptions table={table} labels={rewardColumnLabels} />
        </div>
      )}
    />
  );
}
