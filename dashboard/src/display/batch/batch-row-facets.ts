import type { Batch } from './batch-types.ts';

/** How the batch page tells its rows apart; the server counts and lists each. */
export type BatchRowFacet = keyof Batch['facets'];

export const batchRowFacetWords: Record<BatchRowFacet, { label: string; description: string }> = {
  paid: { label: 'Paid', description: 'Completed: the user has the money.' },
  failed: { label: 'Failed', description: 'Ended without paying: failed, or set aside for a person to look at.' },
  waiting: { label: 'Waiting', description: 'Still to be paid: awaiting approval, or on its way.' },
  blocked: { label: 'Blocked', description: 'Held back by another payment still open on the platform.' },
  not_paid: { label: 'Not paid', description: 'Never paid: a problem in the file, cancelled, or not started.' },
};

export const batchRowFacets = Object.keys(batchRowFacetWords) as BatchRowFacet[];

/** The URL parameter that holds the facet shown, so that a link opens the same rows. */
export const BATCH_ROW_FACET_PARAM = 'rows';

/** The facet the URL names; anything else shows every row. */
export function readBatchRowFacet(params: URLSearchParams): BatchRowFacet | null {
  const named = params.get(BATCH_ROW_FACET_PARAM);
  return batchRowFacets.find((facet) => facet === named) ?? null;
}

/** A link to the batch page showing `facet` (every row for null). */
export function batchRowsPath(batchId: string, facet: BatchRowFacet | null): string {
  const path = `/rewards/batches/${encodeURIComponent(batchId)}`;
  return facet ? `${path}?${BATCH_ROW_FACET_PARAM}=${facet}` : path;
}
