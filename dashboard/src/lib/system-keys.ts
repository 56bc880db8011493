export const systemKeys = {
  all: ['system'] as const,
  meta: () => [...systemKeys.all, 'meta'] as const,
  readiness: () => [...systemKeys.all, 'readiness'] as const,
};
