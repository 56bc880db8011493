import { FiltersForm } from '../../../components/form/filters-form.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { exceptionKindLabels, exceptionKinds, exceptionStateLabels, exceptionStates } from '../../../display/reconciliation/exception-words.ts';
import { noExceptionFilters, type ExceptionFilters } from '../reconciliation-filters.ts';

function filtersFrom(form: FormData): ExceptionFilters {
  return {
    kind: exceptionKinds.find((kind) => kind === form.get('kind')) ?? '',
    state: exceptionStates.find((state) => state === form.get('state')) ?? '',
  };
}

/** Kind and state of the exceptions listed; applying them changes the URL, so every view is a link. */
export function ExceptionFiltersForm({ filters, filtered, onApply }: { filters: ExceptionFilters; filtered: boolean; onApply: (filters: ExceptionFilters) => void }) {
  return (
    <FiltersForm label="Filter the exceptions" filtered={filtered} onApply={(form) => onApply(filtersFrom(form))} onClear={() => onApply(noExceptionFilters)}>
      <SelectField label="Kind" name="kind" defaultValue={filters.kind}>
        <option value="">Any</option>
        {exceptionKinds.map((kind) => (
          <option key={kind} value={kind}>
            {exceptionKindLabels[kind]}
          </option>
        ))}
      </SelectField>
      <SelectField label="State" name="state" defaultValue={filters.state}>
        <option value="">Any</option>
        {exceptionStates.map((state) => (
          <option key={state} value={state}>
            {exceptionStateLabels[state]}
          </option>
        ))}
      </SelectField>
    </FiltersForm>
  );
}
