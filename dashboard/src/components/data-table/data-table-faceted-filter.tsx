import { useEffect, useRef } from 'react';
import { Popover } from '../popover.tsx';

export interface FacetOption {
  value: string;
  label: string;
  /** How many rows have this value, when known. */
  count?: number;
}

interface DataTableFacetedFilterProps {
  /** Names the button and the group of choices. */
  title: string;
  /** The form field the checked values are submitted as, one entry each. */
  name: string;
  options: readonly FacetOption[];
  /** What the URL holds now; the choices start from it and follow it on Back and Forward. */
  selected: readonly string[];
  /** One value at most (radio buttons with "Any"), for a filter that is one value or none. */
  single?: boolean;
}

const choiceClasses = 'size-4 accent-indigo-600 dark:accent-indigo-400';
const rowClasses = 'flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800';

function Count({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return <span className="ml-auto font-mono text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{count}</span>;
}

/** The values of one column to filter on, as a chip with a popover of choices and their counts; none chosen means any. */
export function DataTableFacetedFilter({ title, name, options, selected, single = false }: DataTableFacetedFilterProps) {
  const chosenLabels = options.filter((option) => selected.includes(option.value)).map((option) => option.label);
  const choices = useRef<HTMLUListElement>(null);
  const selectedKey = JSON.stringify(selected);
  // The choices follow the URL in place: remounting them would take focus from the one just toggled.
  useEffect(() => {
    const chosen = new Set(JSON.parse(selectedKey) as string[]);
    for (const input of choices.current?.querySelectorAll('input') ?? []) input.checked = input.value === '' ? chosen.size === 0 : chosen.has(input.value);
  }, [selectedKey]);
  return (
    <Popover
      label={title}
      trigger={
        <>
          {title}
          {chosenLabels.length > 0 && (
            <span className="rounded bg-indigo-100 px-1.5 text-xs text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">
              {chosenLabels.length > 2 ? `${chosenLabels.length} selected` : chosenLabels.join(', ')}
            </span>
          )}
        </>
      }
    >
      <ul ref={choices} className="space-y-1">
        {single && (
          <li>
            <label className={rowClasses}>
              <input type="radio" name={name} value="" defaultChecked={selected.length === 0} className={choiceClasses} />
              Any
            </label>
          </li>
        )}
        {options.map((option) => (
          <li key={option.value}>
            <label className={rowClasses}>
              <input type={single ? 'radio' : 'checkbox'} name={name} value={option.value} defaultChecked={selected.includes(option.value)} className={choiceClasses} />
              {option.label}
              <Count count={option.count} />
            </label>
          </li>
        ))}
      </ul>
    </Popover>
  );
}
