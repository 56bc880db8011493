import type { ReactNode } from 'react';

/** One full-width row in place of data: loading, empty or failed. */
export function DataTableMessageRow({ columnCount, children }: { columnCount: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columnCount} className="px-3 py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
        <div className="flex justify-center">{children}</div>
      </td>
    </tr>
  );
}
