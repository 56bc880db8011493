import { Popover } from '../popover.tsx';

interface FacetOption {
  value: string;
  label: string;
}

interface DataTableFacetedFilterProps {
  /** Names the button and the group of choices. */
  title: string;
  /** The form field the checked values are submitted as, one entry each. */
  name: string;
  options: readonly FacetOption[];
  /** What the URL holds now; the checkboxes start from it and follow it on Back and Forward. */
  selected: readonly string[];
}

/** Several values of one column to filter on, as checkboxes in a popover; none checked means any. */
export function DataTableFacetedFilter({ title, name, options, selected }: DataTableFacetedFilterProps) {
  return (
    <Popover
      label={title}
      trigger={
        <>
          {title}
          {selected.length > 0 && <span className="rounded bg-indigo-100 px-1.5 text-xs text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">{`${selected.length} selected`}</span>}
        </>
      }
    >
      <ul key={selected.join(',')} className="space-y-1">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <input type="checkbox" name={name} value={option.value} defaultChecked={selected.includes(option.value)} className="size-4 accent-indigo-600 dark:accent-indigo-400" />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
    </Popover>
  );
}
