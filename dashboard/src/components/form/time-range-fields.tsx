import { fromDateTimeInput, toDateTimeInput } from '../../lib/format-date.ts';
import { TextField } from './text-field.tsx';

/** "From" (included) and "Before" (not included), in the reader's local time, as fields `from` and `to`. */
export function TimeRangeFields({ from, to }: { from: string; to: string }) {
  return (
    <>
      <TextField label="From" name="from" type="datetime-local" defaultValue={toDateTimeInput(from)} hint="Your local time; included." />
      <TextField label="Before" name="to" type="datetime-local" defaultValue={toDateTimeInput(to)} hint="Your local time; not included." />
    </>
  );
}

/** The two fields as submitted, as ISO times (UTC); '' where empty or not a time. */
export function readTimeRange(form: FormData): { from: string; to: string } {
  const time = (name: string) => fromDateTimeInput(String(form.get(name) ?? '').trim()) ?? '';
  return { from: time('from'), to: time('to') };
}
