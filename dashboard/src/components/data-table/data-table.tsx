import { functionalUpdate, useTable, type ColumnVisibilityState, type ReactTable, type RowData, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { moveOrOpen, opensRow } from './data-table-row-keys.ts';
import { Spinner } from '../spinner.tsx';
import { dataTableFeatures, type DataTableColumns, type DataTableFeatures } from './data-table-columns.ts';
import { DataTableMessageRow } from './data-table-message-row.tsx';

export type DataTableInstance<Row extends RowData> = ReactTable<DataTableFeatures, Row>;

/** A piece of table state that lives outside the table, e.g. in the URL. */
export interface ControlledState<State> {
  state: State;
  onChange: (next: State) => void;
}

export interface DataTableProps<Row extends RowData> {
  /** Names the table for screen readers. */
  label: string;
  /** Stable between renders: define them at module scope or memoise them. */
  columns: DataTableColumns<Row>;
  /** Stable between renders, as the query cache gives them. */
  rows: readonly Row[];
  /** Unique among the rows; `index` is the row's place, for rows that have no id of their own. */
  getRowId: (row: Row, index: number) => string;
  /** True until the first rows arrive. */
  loading: boolean;
  /** Why rows could not be loaded, shown under any rows already there. */
  error?: ReactNode;
  /** Shown when there are no rows, e.g. "No events match these filters." */
  empty: ReactNode;
  /** Under the table, e.g. `DataTableLoadMore`. */
  footer?: ReactNode;
  /**
   * The sort the server applies. Without it no column sorts; with it, columns sort unless they say
   * `enableSorting: false`. There is always one sort: clicking a column sorts by it descending,
   * clicking it again flips the order.
   */
  sorting?: ControlledState<SortingState>;
  /** Which columns are shown; without it every column is, and none can be hidden. */
  columnVisibility?: ControlledState<ColumnVisibilityState>;
  /** Which rows are selected, by row id; without it no row can be. Pair it with `dataTableSelectColumn`. */
  rowSelection?: ControlledState<RowSelectionState>;
  /** Above the table, with the table at hand, e.g. `DataTableViewOptions`. */
  toolbar?: (table: DataTableInstance<Row>) => ReactNode;
  /**
   * Opens a row (e.g. its detail page). Rows then open on a click outside their links and buttons,
   * and from the keyboard: Tab reaches the rows, j/k or the arrows move, Enter opens.
   */
  onRowOpen?: (row: Row) => void;
}

const noSorting: SortingState = [];
const allVisible: ColumnVisibilityState = {};
const noneSelected: RowSelectionState = {};

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** One table for every list in the console: columns from the caller, rows from the server, already filtered, sorted and paged. */
export function DataTable<Row extends RowData>({
  label,
  columns,
  rows,
  getRowId,
  loading,
  error,
  empty,
  footer,
  sorting,
  columnVisibility,
  rowSelection,
  toolbar,
  onRowOpen,
}: DataTableProps<Row>) {
  const [activeRowId, setActiveRowId] = useState<string | null>(null);
  const sortingState = sorting?.state ?? noSorting;
  const visibilityState = columnVisibility?.state ?? allVisible;
  const selectionState = rowSelection?.state ?? noneSelected;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    manualSorting: true,
    enableSorting: sorting !== undefined,
    enableSortingRemoval: false,
    // The first click sorts newest, largest first: what staff look for.
    sortDescFirst: true,
    enableMultiSort: false,
    enableHiding: columnVisibility !== undefined,
    enableRowSelection: rowSelection !== undefined,
    state: { sorting: sortingState, columnVisibility: visibilityState, rowSelection: selectionState },
    onSortingChange: (updater) => sorting?.onChange(functionalUpdate(updater, sortingState)),
    onColumnVisibilityChange: (updater) => columnVisibility?.onChange(functionalUpdate(updater, visibilityState)),
    onRowSelectionChange: (updater) => rowSelection?.onChange(functionalUpdate(updater, selectionState)),
  });
  const columnCount = table.getVisibleLeafColumns().length;
  const bodyRows = table.getRowModel().rows;
  const tabStopId = bodyRows.some((row) => row.id === activeRowId) ? activeRowId : bodyRows[0]?.id;

  return (
    <div className="space-y-3">
      {toolbar?.(table)}
      <div className="relative overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table aria-label={label} aria-busy={loading} className="min-w-full divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          <thead className="bg-zinc-50 dark:bg-zinc-900/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      aria-sort={sorted ? ariaSort[sorted] : undefined}
                      className="px-3 py-2 text-left text-xs font-medium tracking-wide whitespace-nowrap text-zinc-500 uppercase dark:text-zinc-400"
                    >
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
            {bodyRows.map((row) => (
              <tr
                key={row.id}
                {...(onRowOpen && {
                  tabIndex: row.id === tabStopId ? 0 : -1,
                  onFocus: () => setActiveRowId(row.id),
                  onClick: (event: MouseEvent<HTMLTableRowElement>) => opensRow(event) && onRowOpen(row.original),
                  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => moveOrOpen(event, () => onRowOpen(row.original)),
                })}
                className={`align-baseline ${onRowOpen ? 'cursor-pointer focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-500' : ''} ${row.getIsSelected() ? 'bg-indigo-50/70 dark:bg-indigo-950/40' : 'hover:bg-zinc-50/70 dark:hover:bg-zinc-900/40'}`}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 text-zinc-800 dark:text-zinc-200">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {loading && bodyRows.length === 0 && (
              <DataTableMessageRow columnCount={columnCount}>
                <Spinner label="Loading" />
              </DataTableMessageRow>
            )}
            {error && <DataTableMessageRow columnCount={columnCount}>{error}</DataTableMessageRow>}
            {!loading && !error && bodyRows.length === 0 && <DataTableMessageRow columnCount={columnCount}>{empty}</DataTableMessageRow>}
          </tbody>
        </table>
      </div>
      {onRowOpen && bodyRows.length > 0 && <p className="text-xs text-zinc-500 dark:text-zinc-400">Rows: Tab to reach them, j / k or ↓ / ↑ to move, Enter to open.</p>}
      {footer}
    </div>
  );
}
