import { Button } from '../button.tsx';

export interface ActiveFilter {
  /** Unique among the chips, e.g. "state:completed". */
  key: string;
  /** What the chip says, e.g. "State: completed". */
  label: string;
  onRemove: () => void;
}

interface DataTableActiveFiltersProps {
  filters: readonly ActiveFilter[];
  /** Whether the URL holds any filter at all, applied or not: "Clear filters" then has work to do. */
  clearable: boolean;
  onClear: () => void;
}

/** The filters in force as removable chips, and "Clear filters", which always clears everything in the URL. */
export function DataTableActiveFilters({ filters, clearable, onClear }: DataTableActiveFiltersProps) {
  if (!clearable) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="text-xs text-zinc-500 dark:text-zinc-400">{filters.length > 0 ? 'Filtered by' : 'No filter applied'}</span>
      <ul aria-label="Active filters" className="flex flex-wrap gap-1.5">
        {filters.map((filter) => (
          <li key={filter.key}>
            <button
              type="button"
              onClick={filter.onRemove}
              aria-label={`Remove filter ${filter.label}`}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-900 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-100 dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-800 dark:hover:bg-indigo-900"
            >
              <span className="max-w-64 truncate">{filter.label}</span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <Button onClick={onClear}>Clear filters</Button>
    </div>
  );
}
