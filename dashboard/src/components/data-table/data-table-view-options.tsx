import type { RowData } from '@tanstack/react-table';
import { Popover } from '../popover.tsx';
import type { DataTableInstance } from './data-table.tsx';

/** Checkboxes that show and hide the columns that may be hidden; `labels` names them by column id. */
export function DataTableViewOptions<Row extends RowData>({ table, labels }: { table: DataTableInstance<Row>; labels: Record<string, string> }) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const hidden = columns.filter((column) => !column.getIsVisible()).length;
  return (
    <Popover trigger={hidden > 0 ? `Columns (${hidden} hidden)` : 'Columns'} label="Visible columns" align="right">
      <ul className="space-y-1">
        {columns.map((column) => (
          <li key={column.id}>
            <label className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <input
                type="checkbox"
                checked={column.getIsVisible()}
                onChange={(event) => column.toggleVisibility(event.target.checked)}
                className="size-4 accent-indigo-600 dark:accent-indigo-400"
              />
              {labels[column.id] ?? column.id}
            </label>
          </li>
        ))}
      </ul>
    </Popover>
  );
}
