export const incompleteKeys = {
  all: ['incomplete'] as const,
  lists: () => [...incompleteKeys.all, 'list'] as const,
  plans: () => [...incompleteKeys.all, 'plan'] as const,
  /** The dry run for the given ids, or for every listed payment (`null`). */
  plan: (ids: readonly string[] | null) => [...incompleteKeys.plans(), ids] as const,
};
