import { createColumnHelper, tableFeatures, type RowData, type TableOptions } from '@tanstack/react-table';

/** The table features every data table uses; sorting, filtering and paging happen on the server. */
export const dataTableFeatures = tableFeatures({});

export type DataTableFeatures = typeof dataTableFeatures;

export type DataTableColumns<Row extends RowData> = TableOptions<DataTableFeatures, Row>['columns'];

/** The column helper for a data table of `Row`s; define the columns once, at module scope. */
export function dataTableColumnHelper<Row extends RowData>() {
  return createColumnHelper<DataTableFeatures, Row>();
}
