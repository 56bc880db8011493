import { formatDateTime, formatRelative } from '../lib/format-date.ts';
import { useTimeZoneChoice } from '../lib/time-zone.ts';
import { useNow } from '../lib/use-now.ts';

/** A moment as how long ago it was ("3 min ago"), kept current, with the exact time on hover in the reader's time zone or UTC (as set). */
export function RelativeTime({ iso }: { iso: string }) {
  const zone = useTimeZoneChoice();
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso, zone)} className="whitespace-nowrap">
      {formatRelative(iso, now, zone)}
    </time>
  );
}
