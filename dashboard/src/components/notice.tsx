import type { ReactNode } from 'react';

/** A polite, non-error message, e.g. why the user is looking at the sign-in page. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/50 dark:text-indigo-100">
      {children}
    </p>
  );
}
