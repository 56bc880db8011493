import type { FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/format-date.ts';
import { auditOutcomes, noAuditFilters, type AuditFilters } from '../audit-filters.ts';
import { outcomeLabels } from './outcome-badge.tsx';

function filtersFrom(form: FormData): AuditFilters {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    actor: text('actor'),
    action: text('action'),
    target: text('target'),
    outcome: auditOutcomes.find((outcome) => outcome === form.get('outcome')) ?? '',
    from: fromDateTimeInput(text('from')) ?? '',
    to: fromDateTimeInput(text('to')) ?? '',
  };
}

interface AuditFiltersFormProps {
  /** The filters in the URL; remount the form (with a `key`) when they change, e.g. on Back. */
  filters: AuditFilters;
  filtered: boolean;
  onApply: (filters: AuditFilters) => void;
}

/** Filters for the audit log; applying them changes the URL, so every view is a link. */
export function AuditFiltersForm({ filters, filtered, onApply }: AuditFiltersFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(filtersFrom(new FormData(event.currentTarget)));
  };

  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={submit} className="mb-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label="Actor" name="actor" defaultValue={filters.actor} hint="Part of an email address." autoComplete="off" />
        <TextField label="Action" name="action" defaultValue={filters.action} hint="Exact, or a prefix with * (staff.*)." autoComplete="off" spellCheck={false} />
        <TextField label="Target" name="target" defaultValue={filters.target} hint="Part of the target, e.g. a payment id." autoComplete="off" spellCheck={false} />
        <SelectField label="Outcome" name="outcome" defaultValue={filters.outcome}>
          <option value="">Any</option>
          {auditOutcomes.map((outcome) => (
            <option key={outcome} value={outcome}>
              {outcomeLabels[outcome]}
            </option>
          ))}
        </SelectField>
        <TextField label="From" name="from" type="datetime-local" defaultValue={toDateTimeInput(filters.from)} hint="Your local time; included." />
        <TextField label="Before" name="to" type="datetime-local" defaultValue={toDateTimeInput(filters.to)} hint="Your local time; not included." />
      </div>
      <div className="mt-4 flex gap-2">
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
        <Button onClick={() => onApply(noAuditFilters)} disabled={!filtered}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
