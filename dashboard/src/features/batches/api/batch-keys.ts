export const batchKeys = {
  all: ['reward-batches'] as const,
  detail: (id: string) => [...batchKeys.all, 'detail', id] as const,
};
