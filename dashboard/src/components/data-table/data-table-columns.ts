import { columnVisibilityFeature, createColumnHelper, rowSelectionFeature, rowSortingFeature, tableFeatures, type RowData, type TableOptions } from '@tanstack/react-table';

/**
 * The table features every data table uses. Sorting, filtering and paging happen on the server:
 * the sorting feature only holds which column the server sorts by and turns header clicks into a
 * new sort; there is no client-side sorted row model. Row selection is for tables whose rows can
 * be acted on in bulk.
 */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature });

export type DataTableFeatures = typeof dataTableFeatures;

export type DataTableColumns<Row extends RowData> = TableOptions<DataTableFeatures, Row>['columns'];

/** The column helper for a data table of `Row`s; define the columns once, at module scope. */
export function dataTableColumnHelper<Row extends RowData>() {
  return createColumnHelper<DataTableFeatures, Row>();
}
