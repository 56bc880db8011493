import type { ReactNode } from 'react';
import { DateTime } from './date-time.tsx';

/** A label and its value on one line of a timeline entry, e.g. "By: ops@sandbox.local". */
export function TimelineFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="inline-flex gap-1">
      <span className="text-zinc-500 dark:text-zinc-400">{`${label}:`}</span>
      <span className="break-all">{children}</span>
    </span>
  );
}

interface TimelineProps<Entry extends { at: string }> {
  /** Names the region, e.g. "payment-timeline", for its heading's id. */
  id: string;
  entries: readonly Entry[];
  renderEntry: (entry: Entry) => ReactNode;
}

/** Dated entries under the heading "Timeline", newest first. */
export function Timeline<Entry extends { at: string }>({ id, entries, renderEntry }: TimelineProps<Entry>) {
  // ISO times in UTC sort as text; the sort is stable, so entries at the same moment keep the server's order.
  const newestFirst = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Timeline
      </h2>
      {newestFirst.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Nothing recorded yet.</p>
      ) : (
        <ol className="space-y-3 border-l border-zinc-200 pl-4 dark:border-zinc-800">
          {newestFirst.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative space-y-1 text-sm">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-zinc-400 dark:bg-zinc-600" />
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                <DateTime iso={entry.at} />
              </span>
              {renderEntry(entry)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
