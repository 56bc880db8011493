import { useId } from 'react';
import { Link } from 'react-router-dom';

interface CountCardProps {
  label: string;
  /** The count, or why there is none. */
  value: string;
  /** One line on what is counted. */
  hint: string;
  /** The table the count comes from, filtered to what is counted. */
  to: string;
}

/** A count that opens the table it counts; named "label: value" for screen readers, with the hint as its description. */
export function CountCard({ label, value, hint, to }: CountCardProps) {
  const hintId = useId();
  return (
    <li className="relative h-full rounded-lg border border-zinc-200 bg-white p-4 shadow-sm hover:border-indigo-300 hover:bg-indigo-50/40 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-800 dark:hover:bg-indigo-950/30">
      {/* The link is named by its visible words ("label: value"), the hint outside it describes it; the stretched ::after makes the whole card the target. */}
      <Link to={to} aria-describedby={hintId} className="block after:absolute after:inset-0 after:content-['']">
        <span className="block text-sm font-medium text-zinc-600 dark:text-zinc-400">
          {label}
          <span className="sr-only">:</span>
        </span>
        <span className="mt-1 block text-2xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{value}</span>
      </Link>
      <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        {hint}
      </p>
    </li>
  );
}
