import { useId, type ReactNode } from 'react';

/** A titled group of fields (e.g. "Who"), its own `<dl>` of FieldRows. */
export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title}
      </h2>
      <dl className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800/70">{children}</dl>
    </section>
  );
}
