import type { Column, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './data-table-columns.ts';

const arrows = { asc: '↑', desc: '↓', none: '↕' } as const;

/**
 * A column's title; for a column the server can sort by, a button that sorts by it (or flips the
 * order). As in the WAI-ARIA sortable table pattern, the button is named by the title alone and
 * the header's `aria-sort` says how the rows are sorted.
 */
export function DataTableColumnHeader<Row extends RowData, Value>({ column, title }: { column: Column<DataTableFeatures, Row, Value>; title: string }) {
  if (!column.getCanSort()) return <>{title}</>;
  const sorted = column.getIsSorted();
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-zinc-900 dark:hover:text-zinc-100"
    >
      {title}
      <span aria-hidden="true" className={sorted ? 'text-zinc-900 dark:text-zinc-100' : 'text-zinc-400 dark:text-zinc-600'}>
        {arrows[sorted || 'none']}
      </span>
    </button>
  );
}
