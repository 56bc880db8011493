import { fromDateTimeInput, timeZoneWords, toDateTimeInput } from '../../lib/format-date.ts';
import { useTimeZoneChoice } from '../../lib/time-zone.ts';
import { TextField } from './text-field.tsx';

/** "From" (included) and "Before" (not included), in the zone the console shows times in, as fields `from` and `to`. */
export function TimeRangeFields({ from, to }: { from: string; to: string }) {
  const zone = useTimeZoneChoice();
  return (
    <>
      <TextField key={`from:${from}:${zone}`} label="From" name="from" type="datetime-local" defaultValue={toDateTimeInput(from, zone)} hint={`In ${timeZoneWords(zone)}; included.`} />
      <TextField key={`to:${to}:${zone}`} label="Before" name="to" type="datetime-local" defaultValue={toDateTimeInput(to, zone)} hint={`In ${timeZoneWords(zone)}; not included.`} />
    </>
  );
}

/** The two fields as submitted, as ISO times (UTC); '' where empty or not a time. */
export function readTimeRange(form: FormData): { from: string; to: string } {
  const time = (name: string) => fromDateTimeInput(String(form.get(name) ?? '').trim()) ?? '';
  return { from: time('from'), to: time('to') };
}
