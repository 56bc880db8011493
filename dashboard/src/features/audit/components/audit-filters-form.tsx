import { FiltersForm, type FilterFormProps } from '../../../components/form/filters-form.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { readTimeRange, TimeRangeFields } from '../../../components/form/time-range-fields.tsx';
import { auditOutcomes, noAuditFilters, type AuditFilters } from '../audit-filters.ts';
import { ActionSelect } from './action-select.tsx';
import { outcomeLabels } from './outcome-badge.tsx';

function filtersFrom(form: FormData): AuditFilters {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    actor: text('actor'),
    action: text('action'),
    target: text('target'),
    outcome: auditOutcomes.find((outcome) => outcome === form.get('outcome')) ?? '',
    ...readTimeRange(form),
  };
}

/** Filters for the audit log; applying them changes the URL, so every view is a link. */
export function AuditFiltersForm({ filters, filtered, onApply }: FilterFormProps<AuditFilters>) {
  return (
    <FiltersForm label="Filter the audit log" filtered={filtered} onApply={(form) => onApply(filtersFrom(form))} onClear={() => onApply(noAuditFilters)}>
      <TextField label="Actor" name="actor" defaultValue={filters.actor} hint="Part of an email address." autoComplete="off" />
      <ActionSelect value={filters.action} />
      <TextField label="Target" name="target" defaultValue={filters.target} hint="Part of the id of what it was done to: a payment, reward, batch or staff member." autoComplete="off" spellCheck={false} />
      <SelectField label="Outcome" name="outcome" defaultValue={filters.outcome}>
        <option value="">Any</option>
        {auditOutcomes.map((outcome) => (
          <option key={outcome} value={outcome}>
            {outcomeLabels[outcome]}
          </option>
        ))}
      </SelectField>
      <TimeRangeFields from={filters.from} to={filters.to} />
    </FiltersForm>
  );
}
