import { Button } from '../button.tsx';

interface DataTableLoadMoreProps {
  /** How many rows are shown so far. */
  shown: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Keyset pagination: the server hands out the next page after the last row shown. */
export function DataTableLoadMore({ shown, hasMore, loadingMore, onLoadMore }: DataTableLoadMoreProps) {
  if (shown === 0) return null;
  return (
    <div className="flex items-center justify-between gap-3 text-xs text-zinc-500 dark:text-zinc-400">
      <p>{hasMore ? `Showing the first ${shown} rows.` : `Showing all ${shown} rows.`}</p>
      {hasMore && (
        <Button onClick={onLoadMore} disabled={loadingMore} aria-busy={loadingMore}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
