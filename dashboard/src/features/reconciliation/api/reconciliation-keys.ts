import type { ExceptionFilters, Period } from '../reconciliation-filters.ts';

export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  summary: (period: Period) => [...reconciliationKeys.all, 'summary', period] as const,
  exceptionLists: () => [...reconciliationKeys.all, 'exceptions'] as const,
  exceptions: (filters: ExceptionFilters) => [...reconciliationKeys.exceptionLists(), filters] as const,
  /** The mutations that move an exception, so a dialog can stay open while one runs. */
  exceptionActions: () => [...reconciliationKeys.all, 'exception-action'] as const,
};
