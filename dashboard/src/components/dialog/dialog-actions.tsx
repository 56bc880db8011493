import type { ReactNode } from 'react';

/** The row of buttons at the foot of a dialog: the main action last, on the right. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex justify-end gap-2">{children}</div>;
}
