import { DataTableFacetedFilter } from '../../../components/data-table/data-table-faceted-filter.tsx';
import { FiltersForm, type FilterFormProps } from '../../../components/form/filters-form.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useSession } from '../../../lib/session.ts';
import { noRewardFilters, type RewardFilters } from '../../../display/reward/reward-filters.ts';
import { rewardStates, rewardStateWords } from '../../../display/reward/reward-states.ts';

const stateOptions = rewardStates.map((state) => ({ value: state, label: rewardStateWords[state] }));

function filtersFrom(form: FormData): RewardFilters {
  const chosen = new Set(form.getAll('state'));
  return {
    state: rewardStates.filter((state) => chosen.has(state)),
    uid: String(form.get('uid') ?? '').trim(),
    requestedBy: String(form.get('requestedBy') ?? ''),
  };
}

/** Filters for the Rewards table; applying them changes the URL, so every view is a link. */
export function RewardFiltersForm({ filters, filtered, onApply }: FilterFormProps<RewardFilters>) {
  const session = useSession();
  const myId = session.data?.status === 'signed-in' ? session.data.staff.id : null;
  const someoneElse = filters.requestedBy !== '' && filters.requestedBy !== myId;
  return (
    <FiltersForm label="Filter rewards" filtered={filtered} onApply={(form) => onApply(filtersFrom(form))} onClear={() => onApply(noRewardFilters)}>
      <TextField label="User uid" name="uid" defaultValue={filters.uid} hint="Exactly." maxLength={200} autoComplete="off" spellCheck={false} />
      <SelectField label="Requested by" name="requestedBy" defaultValue={filters.requestedBy}>
        <option value="">Anyone</option>
        {myId && <option value={myId}>Me</option>}
        {someoneElse && <option value={filters.requestedBy}>{`Requester ${filters.requestedBy}`}</option>}
      </SelectField>
      <div className="flex items-end">
        <DataTableFacetedFilter title="State" name="state" options={stateOptions} selected={filters.state} />
      </div>
    </FiltersForm>
  );
}
