import type { BatchFilters } from './batch-filters.ts';
import type { BatchRowFacet } from './batch-row-facets.ts';

export const batchKeys = {
  all: ['reward-batches'] as const,
  lists: () => [...batchKeys.all, 'list'] as const,
  list: (filters: BatchFilters) => [...batchKeys.lists(), filters] as const,
  detail: (id: string) => [...batchKeys.all, 'detail', id] as const,
  /** Under the batch's detail, so that whatever reads the batch again reads its rows again too. */
  rows: (id: string, facet: BatchRowFacet | null) => [...batchKeys.detail(id), 'rows', facet] as const,
};
