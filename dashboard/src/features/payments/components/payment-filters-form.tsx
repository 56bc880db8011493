import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { DataTableFacetedFilter } from '../../../components/data-table/data-table-faceted-filter.tsx';
import { inputClasses } from '../../../components/form/field.tsx';
import { FilterActions } from '../../../components/form/filters-form.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { paymentDirectionLabels, paymentDirections, paymentFlagLabels, paymentFlags, paymentStates, paymentStateWords } from '../../../components/payment/payment-states.ts';
import { toDateTimeInput } from '../../../lib/format-date.ts';
import { checkPaymentFilters, type PaymentFilterProblems } from '../payment-filters-check.ts';
import { noPaymentFilters, type PaymentFilters } from '../payment-table-view.ts';

const stateOptions = paymentStates.map((state) => ({ value: state, label: paymentStateWords[state] }));

/** Choices apply at once; typed values apply with Enter or "Apply filters". */
function isChoice(target: EventTarget): boolean {
  return target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === 'checkbox');
}

interface PaymentFiltersFormProps {
  /** The filters in the URL. Each control is keyed by its value there, so Back and Forward show the right one. */
  filters: PaymentFilters;
  filtered: boolean;
  onApply: (filters: PaymentFilters) => void;
}

/** The filter toolbar of the Payments page; applying changes the URL, so every view is a link. */
export function PaymentFiltersForm({ filters, filtered, onApply }: PaymentFiltersFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<PaymentFilterProblems>({});

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
    onApply(noPaymentFilters);
  };

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
      className="mb-4 space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          key={`q:${filters.q}`}
          label="Search text"
          name="q"
          defaultValue={filters.q}
          hint="Part of an id, txid, memo or metadata; 3 characters or more."
          error={problems.q}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField key={`uid:${filters.uid}`} label="User uid" name="uid" defaultValue={filters.uid} hint="Exactly, e.g. a UUID." error={problems.uid} autoComplete="off" spellCheck={false} />
        <TextField key={`txid:${filters.txid}`} label="Transaction id" name="txid" defaultValue={filters.txid} hint="64 hex characters." error={problems.txid} autoComplete="off" spellCheck={false} />
        <SelectField key={`direction:${filters.direction}`} label="Direction" name="direction" defaultValue={filters.direction}>
          <option value="">Any</option>
          {paymentDirections.map((direction) => (
            <option key={direction} value={direction}>
              {paymentDirectionLabels[direction]}
            </option>
          ))}
        </SelectField>
        <TextField key={`amountMin:${filters.amountMin}`} label="Amount from" name="amountMin" defaultValue={filters.amountMin} inputMode="decimal" hint="Included." error={problems.amountMin} autoComplete="off" />
        <TextField key={`amountMax:${filters.amountMax}`} label="Amount up to" name="amountMax" defaultValue={filters.amountMax} inputMode="decimal" hint="Included." error={problems.amountMax} autoComplete="off" />
        <TextField key={`from:${filters.from}`} label="Created from" name="from" type="datetime-local" defaultValue={toDateTimeInput(filters.from)} hint="Your local time; included." />
        <TextField key={`to:${filters.to}`} label="Created before" name="to" type="datetime-local" defaultValue={toDateTimeInput(filters.to)} hint="Your local time; not included." />
        <TextField key={`network:${filters.network}`} label="Network" name="network" defaultValue={filters.network} hint="Exactly, e.g. Plat Testnet." error={problems.network} autoComplete="off" />
        <TextField
          key={`staleMinutes:${filters.staleMinutes}`}
          label="Unchanged for (minutes)"
          name="staleMinutes"
          defaultValue={filters.staleMinutes}
          inputMode="numeric"
          hint="State not moved for at least this long."
          error={problems.staleMinutes}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <DataTableFacetedFilter title="State" name="state" options={stateOptions} selected={filters.state} />
        <fieldset className="flex flex-wrap items-end gap-2">
          <legend className="sr-only">Status flags</legend>
          {paymentFlags.map((flag) => (
            <label key={`${flag}:${filters[flag]}`} className="flex w-36 flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
              {paymentFlagLabels[flag]}
              <select name={flag} defaultValue={filters[flag]} className={inputClasses}>
                <option value="">Any</option>
                <option value="true">Yes</option>
                <option value="false">No</option>
              </select>
            </label>
          ))}
        </fieldset>
      </div>
      <FilterActions filtered={filtered} onClear={clear} />
    </form>
  );
}
