import { useId } from 'react';
import { JsonViewer } from './json-viewer.tsx';

/** A payment's or reward's metadata, under its own heading. */
export function MetadataSection({ value }: { value: unknown }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Metadata
      </h2>
      <JsonViewer value={value} label="Metadata JSON" />
    </section>
  );
}
