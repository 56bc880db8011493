import type { AdCheckFilters } from '../ad-check-filters.ts';

export const adCheckKeys = {
  all: ['ad-checks'] as const,
  lists: () => [...adCheckKeys.all, 'list'] as const,
  list: (filters: AdCheckFilters) => [...adCheckKeys.lists(), filters] as const,
};
