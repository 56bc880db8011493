import type { RowData } from '@tanstack/react-table';
import { ErrorNotice } from '../error-notice.tsx';
import { DataTableLoadMore } from './data-table-load-more.tsx';
import { DataTable, type DataTableProps } from './data-table.tsx';

/** What a table needs of a query whose data is its rows. */
interface RowsQuery<Row> {
  data: readonly Row[] | undefined;
  isPending: boolean;
  error: Error | null;
}

/** And of an infinite query of keyset pages, flattened to rows. */
interface PagedRowsQuery<Row> extends RowsQuery<Row> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

type QueryDataTableProps<Row extends RowData> = Omit<DataTableProps<Row>, 'rows' | 'loading' | 'error'> & { query: RowsQuery<Row> };

const noRows: never[] = [];

/** A data table of a query's rows: a spinner until they come, and why when they cannot. */
export function QueryDataTable<Row extends RowData>({ query, ...table }: QueryDataTableProps<Row>) {
  return <DataTable {...table} rows={query.data ?? noRows} loading={query.isPending} error={query.error && <ErrorNotice error={query.error} />} />;
}

/** The same for keyset pages: "Load more" under the rows fetches the page after the last one shown. */
export function PagedDataTable<Row extends RowData>({ query, ...table }: Omit<QueryDataTableProps<Row>, 'query' | 'footer'> & { query: PagedRowsQuery<Row> }) {
  const footer = (
    <DataTableLoadMore shown={query.data?.length ?? 0} hasMore={query.hasNextPage} loadingMore={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
  );
  return <QueryDataTable {...table} query={query} footer={footer} />;
}
