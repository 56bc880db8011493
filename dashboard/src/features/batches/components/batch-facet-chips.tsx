import { Link } from 'react-router-dom';
import type { Batch } from '../../../display/batch/batch-types.ts';
import { batchRowFacetWords, batchRowFacets, batchRowsPath, type BatchRowFacet } from '../../../display/batch/batch-row-facets.ts';

const chipClasses =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-50 aria-[current=page]:bg-indigo-600 aria-[current=page]:text-white dark:text-indigo-200 dark:ring-indigo-800 dark:hover:bg-indigo-950';

function Chip({ to, label, count, description, current }: { to: string; label: string; count: number; description: string; current: boolean }) {
  return (
    <li>
      <Link to={to} title={description} aria-current={current ? 'page' : undefined} className={chipClasses}>
        {label}{' '}
        <span className="tabular-nums">{count.toLocaleString('en')}</span>
      </Link>
    </li>
  );
}

/** Which rows the table shows, each with how many rows it holds; a link, so the view can be shared. */
export function BatchFacetChips({ batch, current }: { batch: Batch; current: BatchRowFacet | null }) {
  return (
    <nav aria-label="Rows shown">
      <ul className="flex flex-wrap gap-2">
        <Chip to={batchRowsPath(batch.id, null)} label="All rows" count={batch.rows} description="Every row of the file." current={current === null} />
        {batchRowFacets.map((facet) => (
          <Chip key={facet} to={batchRowsPath(batch.id, facet)} label={batchRowFacetWords[facet].label} count={batch.facets[facet]} description={batchRowFacetWords[facet].description} current={current === facet} />
        ))}
      </ul>
    </nav>
  );
}
