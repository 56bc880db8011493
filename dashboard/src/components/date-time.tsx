import { formatDateTime } from '../lib/format-date.ts';
import { useTimeZoneChoice } from '../lib/time-zone.ts';

/** A moment in the reader's time zone or UTC (as set), with the exact ISO time on hover and for machines. */
export function DateTime({ iso }: { iso: string }) {
  const zone = useTimeZoneChoice();
  return (
    <time dateTime={iso} title={iso} className="whitespace-nowrap">
      {formatDateTime(iso, zone)}
    </time>
  );
}
