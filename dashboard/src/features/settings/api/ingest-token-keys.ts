export const ingestTokenKeys = {
  all: ['ingest-tokens'] as const,
  lists: () => [...ingestTokenKeys.all, 'list'] as const,
};
