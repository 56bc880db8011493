import { Link } from 'react-router-dom';
import type { RecentLookup } from '../recent-lookups.ts';

/** The last look-ups made in this browser, offered under the empty search box. */
export function RecentLookupList({ lookups, onChosen }: { lookups: readonly RecentLookup[]; onChosen: () => void }) {
  if (lookups.length === 0) return null;
  return (
    <nav
      aria-label="Recent look-ups"
      className="absolute top-full left-0 z-20 mt-1 w-full rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="px-3 py-1 text-xs text-zinc-500 dark:text-zinc-400">Recent look-ups (kept in this browser only)</p>
      <ul>
        {lookups.map((lookup) => (
          <li key={lookup.path}>
            <Link
              to={lookup.path}
              // Chosen before the box loses focus, which would hide the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={onChosen}
              className="block truncate px-3 py-1 font-mono text-xs hover:bg-zinc-100 focus:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"
            >
              {lookup.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
