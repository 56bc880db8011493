import type { BatchFilters } from '../batch-filters.ts';

export const batchKeys = {
  all: ['reward-batches'] as const,
  lists: () => [...batchKeys.all, 'list'] as const,
  list: (filters: BatchFilters) => [...batchKeys.lists(), filters] as const,
  detail: (id: string) => [...batchKeys.all, 'detail', id] as const,
};
