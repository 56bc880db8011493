export const userKeys = {
  all: ['users'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (uid: string) => [...userKeys.details(), uid] as const,
  suggestions: (prefix: string) => [...userKeys.all, 'suggestions', prefix] as const,
};
