import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';

/** A page of a list the BFF hands out with a cursor: `nextCursor` asks for the next page, null on the last. */
interface CursorPage {
  nextCursor: string | null;
}

/** Rows asked for per page, in every list read with a cursor. */
export const LIST_PAGE_SIZE = 50;

interface CursorList<Page extends CursorPage, Row> {
  /** Reads one page with these query parameters: the list's own, then `cursor` (after the first page) and `limit`. */
  read: (query: Record<string, string>, signal: AbortSignal) => Promise<Page>;
  /** The rows of one page. */
  rows: (page: Page) => Row[];
  /** While a row shown can still move by itself, the list is read again every `everyMs`. */
  refresh?: { while: (row: Row) => boolean; everyMs: number };
}

/**
 * One list read page by page with a cursor: each "Load more" fetches the page after the last row shown,
 * and the table gets the rows of every page so far. Made once per list at module scope, so that its
 * `select` stays the same function and React Query keeps the flattened rows until a page arrives.
 * Gives the query's options for a key and the list's own parameters (its filters).
 */
export function cursorListQuery<Page extends CursorPage, Row>({ read, rows, refresh }: CursorList<Page, Row>) {
  const allRows = (data: InfiniteData<Page, string | null>) => data.pages.flatMap((page) => rows(page));
  const moving = (data: InfiniteData<Page, string | null> | undefined) => refresh !== undefined && data !== undefined && data.pages.some((page) => rows(page).some(refresh.while));
  return (queryKey: QueryKey, params: URLSearchParams) =>
    infiniteQueryOptions({
      queryKey,
      queryFn: ({ pageParam, signal }) => {
        const query = new URLSearchParams(params);
        if (pageParam) query.set('cursor', pageParam);
        query.set('limit', String(LIST_PAGE_SIZE));
        return read(Object.fromEntries(query), signal);
      },
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      select: allRows,
      refetchInterval: (query) => (refresh && moving(query.state.data) ? refresh.everyMs : false),
    });
}
