import { setTimeZoneChoice, useTimeZoneChoice } from '../../lib/time-zone.ts';

/** Switches every time shown between the reader's time zone and UTC; the choice stays in this browser. */
export function TimeZoneToggle() {
  const zone = useTimeZoneChoice();
  return (
    <button
      type="button"
      aria-pressed={zone === 'utc'}
      onClick={() => setTimeZoneChoice(zone === 'utc' ? 'local' : 'utc')}
      title="Show times in UTC instead of your time zone"
      className="rounded-md px-1.5 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
    >
      UTC
    </button>
  );
}
