export const overviewKeys = {
  all: ['overview'] as const,
  counts: () => [...overviewKeys.all, 'counts'] as const,
};
