import { formatDateTime } from '../lib/format-date.ts';

/** A moment in the reader's time zone, with the exact ISO time on hover and for machines. */
export function DateTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso} className="whitespace-nowrap">
      {formatDateTime(iso)}
    </time>
  );
}
