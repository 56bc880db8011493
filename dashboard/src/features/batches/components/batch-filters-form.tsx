import { DataTableFacetedFilter } from '../../../components/data-table/data-table-faceted-filter.tsx';
import { FiltersForm, type FilterFormProps } from '../../../components/form/filters-form.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { readTimeRange, TimeRangeFields } from '../../../components/form/time-range-fields.tsx';
import { noBatchFilters, type BatchFilters } from '../../../display/batch/batch-filters.ts';
import { batchStates, batchStateWords } from '../../../display/batch/batch-states.ts';

const stateOptions = batchStates.map((state) => ({ value: state, label: batchStateWords[state] }));

function filtersFrom(form: FormData): BatchFilters {
  const chosen = new Set(form.getAll('state'));
  return {
    state: batchStates.filter((state) => chosen.has(state)),
    requester: String(form.get('requester') ?? '').trim(),
    ...readTimeRange(form),
  };
}

/** Filters for the Batches table; applying them changes the URL, so every view is a link. */
export function BatchFiltersForm({ filters, filtered, onApply }: FilterFormProps<BatchFilters>) {
  return (
    <FiltersForm label="Filter batches" filtered={filtered} onApply={(form) => onApply(filtersFrom(form))} onClear={() => onApply(noBatchFilters)}>
      <TextField label="Requested by" name="requester" defaultValue={filters.requester} hint="Part of an email address." maxLength={254} autoComplete="off" />
      <TimeRangeFields from={filters.from} to={filters.to} />
      <div className="flex items-end">
        <DataTableFacetedFilter title="State" name="state" options={stateOptions} selected={filters.state} />
      </div>
    </FiltersForm>
  );
}
