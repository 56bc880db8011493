import { FiltersForm } from '../../../components/form/filters-form.tsx';
import { readTimeRange, TimeRangeFields } from '../../../components/form/time-range-fields.tsx';
import { allTime, type Period } from '../reconciliation-filters.ts';

/** The roll-forward's period; without one, all the history read. */
export function PeriodForm({ period, onApply }: { period: Period; onApply: (period: Period) => void }) {
  const set = period.from !== '' || period.to !== '';
  return (
    <FiltersForm label="Period of the roll-forward" filtered={set} onApply={(form) => onApply(readTimeRange(form))} onClear={() => onApply(allTime)}>
      <TimeRangeFields from={period.from} to={period.to} />
    </FiltersForm>
  );
}
