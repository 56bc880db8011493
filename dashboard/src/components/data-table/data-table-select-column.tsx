import type { RowData } from '@tanstack/react-table';
import { dataTableColumnHelper } from './data-table-columns.ts';

const checkboxClasses = 'size-4 accent-indigo-600 dark:accent-indigo-400';

/**
 * A first column of checkboxes that select rows for a bulk action, with one in the header that
 * selects them all. `rowLabel` names each row's checkbox for screen readers, e.g. "Select payment …".
 */
export function dataTableSelectColumn<Row extends RowData>(rowLabel: (row: Row) => string) {
  return dataTableColumnHelper<Row>().display({
    id: 'select',
    enableHiding: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select all rows"
        checked={table.getIsAllRowsSelected()}
        ref={(box) => {
          if (box) box.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
        }}
        onChange={table.getToggleAllRowsSelectedHandler()}
        className={checkboxClasses}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={rowLabel(row.original)}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
        className={checkboxClasses}
      />
    ),
  });
}
