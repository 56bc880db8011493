import type { FormEvent, ReactNode } from 'react';
import { Button } from '../button.tsx';

/** What a page gives its filters form: the filters in the URL, whether any is set, and where applied filters go. */
export interface FilterFormProps<Filters> {
  /** Remount the form (with a `key`) when they change, e.g. on Back. */
  filters: Filters;
  filtered: boolean;
  onApply: (filters: Filters) => void;
}

/** "Apply filters" submits the form; "Clear filters" has nothing to do while no filter is set. */
export function FilterActions({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" variant="primary">
        Apply filters
      </Button>
      <Button onClick={onClear} disabled={!filtered}>
        Clear filters
      </Button>
    </div>
  );
}

interface FiltersFormProps {
  /** Names the search landmark, e.g. "Filter the audit log". */
  label: string;
  filtered: boolean;
  /** Called with the fields as submitted; the caller reads them into its filters. */
  onApply: (form: FormData) => void;
  onClear: () => void;
  /** The fields, laid out in a grid. */
  children: ReactNode;
}

/** A table's filters, applied with Enter or "Apply filters". The caller keeps them in the URL, so every view is a link. */
export function FiltersForm({ label, filtered, onApply, onClear, children }: FiltersFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(new FormData(event.currentTarget));
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="mb-4 space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      <FilterActions filtered={filtered} onClear={onClear} />
    </form>
  );
}
