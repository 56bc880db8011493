import { FiltersForm, type FilterFormProps } from '../../../components/form/filters-form.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { readTimeRange, TimeRangeFields } from '../../../components/form/time-range-fields.tsx';
import { adCheckResults, noAdCheckFilters, type AdCheckFilters } from '../ad-check-filters.ts';
import { adCheckResultWords } from '../ad-check-words.ts';

function filtersFrom(form: FormData): AdCheckFilters {
  const reward = form.get('reward');
  return {
    adId: String(form.get('adId') ?? '').trim(),
    reward: reward === 'yes' || reward === 'no' ? reward : '',
    result: adCheckResults.find((result) => result === form.get('result')) ?? '',
    ...readTimeRange(form),
  };
}

/** Filters for the history of checks; applying them changes the URL, so every view is a link. */
export function AdHistoryFiltersForm({ filters, filtered, onApply }: FilterFormProps<AdCheckFilters>) {
  return (
    <FiltersForm label="Filter the ad checks" filtered={filtered} onApply={(form) => onApply(filtersFrom(form))} onClear={() => onApply(noAdCheckFilters)}>
      <TextField label="Ad id" name="adId" defaultValue={filters.adId} hint="Exactly." autoComplete="off" spellCheck={false} />
      <SelectField label="Reward" name="reward" defaultValue={filters.reward}>
        <option value="">Any</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </SelectField>
      <SelectField label="Result" name="result" defaultValue={filters.result}>
        <option value="">Any</option>
        {adCheckResults.map((result) => (
          <option key={result} value={result}>
            {adCheckResultWords[result]}
          </option>
        ))}
      </SelectField>
      <TimeRangeFields from={filters.from} to={filters.to} />
    </FiltersForm>
  );
}
