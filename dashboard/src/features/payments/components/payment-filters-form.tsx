import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { DataTableActiveFilters } from '../../../components/data-table/data-table-active-filters.tsx';
import { DataTableFacetedFilter } from '../../../components/data-table/data-table-faceted-filter.tsx';
import { inputClasses } from '../../../components/form/field.tsx';
import { paymentDirectionLabels, paymentDirections, paymentFlagShortWords, paymentFlags, paymentStates, paymentStateWords } from '../../../components/payment/payment-states.ts';
import { usePaymentFacets } from '../api/get-payment-facets.ts';
import { checkPaymentFilters, type PaymentFilterProblems } from '../payment-filters-check.ts';
import { paymentFilterChips } from '../payment-filter-chips.ts';
import { paymentFilterLabels } from '../payment-filter-labels.ts';
import type { PaymentFilters } from '../payment-table-view.ts';
import { PaymentMoreFilters } from './payment-more-filters.tsx';

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** Choices apply at once; typed values apply with Enter or "Apply filters". */
function isChoice(target: EventTarget): boolean {
  return target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio');
}

interface PaymentFiltersFormProps {
  /** The filters in the URL. Each control is keyed by its value there, so Back and Forward show the right one. */
  filters: PaymentFilters;
  /** Whether the URL holds any filter, applied or not. */
  clearable: boolean;
  onApply: (filters: PaymentFilters) => void;
  onClear: () => void;
}

/**
 * The Payments toolbar, one row as in the shadcn tasks table: the search box, a chip per facet (state,
 * direction, each flag) with counts, "More filters" for the rest, and the filters in force as removable chips.
 */
export function PaymentFiltersForm({ filters, clearable, onApply, onClear }: PaymentFiltersFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<PaymentFilterProblems>({});
  const counts = usePaymentFacets(filters).data;

  const apply = () => {
    if (!form.current) return;
    const checked = checkPaymentFilters(new FormData(form.current));
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    onApply(checked.filters);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
  };

  const clear = () => {
    setProblems({});
    onClear();
  };

  const stateOptions = paymentStates.map((state) => ({ value: state, label: paymentStateWords[state], count: counts?.state[state] }));
  const directionOptions = paymentDirections.map((direction) => ({ value: direction, label: paymentDirectionLabels[direction], count: counts?.direction[direction] }));
  const chips = paymentFilterChips(filters).map(({ key, label, without }) => ({ key, label, onRemove: () => onApply(without) }));

  return (
    <form
      ref={form}
      role="search"
      aria-label="Filter payments"
      noValidate
      onSubmit={submit}
      onChange={(event: ChangeEvent<HTMLFormElement>) => {
        if (isChoice(event.target)) apply();
      }}
      className="space-y-2"
    >
      <div className="flex flex-wrap items-start gap-2">
        <div className="w-full sm:w-60">
          <label htmlFor="payment-search-text" className="sr-only">
            {paymentFilterLabels.q}
          </label>
          <input
            key={`q:${filters.q}`}
            id="payment-search-text"
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Search id, txid, memo, metadata…"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problems.q ? true : undefined}
            aria-describedby={problems.q ? 'payment-search-text-problem' : undefined}
            className={inputClasses}
          />
          {problems.q && (
            <p id="payment-search-text-problem" className="mt-1 text-xs text-red-700 dark:text-red-400">
              {problems.q}
            </p>
          )}
        </div>
        <DataTableFacetedFilter title="State" name="state" options={stateOptions} selected={filters.state} />
        <DataTableFacetedFilter title="Direction" name="direction" single options={directionOptions} selected={filters.direction ? [filters.direction] : []} />
        {paymentFlags.map((flag) => (
          <DataTableFacetedFilter
            key={flag}
            title={capitalised(paymentFlagShortWords[flag])}
            name={flag}
            single
            options={[
              { value: 'true', label: 'Yes', count: counts?.flags[flag].yes },
              { value: 'false', label: 'No', count: counts?.flags[flag].no },
            ]}
            selected={filters[flag] ? [filters[flag]] : []}
          />
        ))}
        <PaymentMoreFilters filters={filters} problems={problems} />
      </div>
      <DataTableActiveFilters filters={chips} clearable={clearable} onClear={clear} />
    </form>
  );
}
