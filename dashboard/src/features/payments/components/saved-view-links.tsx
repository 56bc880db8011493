import { Link } from 'react-router-dom';
import { savedPaymentViews } from '../saved-views.ts';

/** Quick links to views ops come back to; the one showing now is marked. */
export function SavedViewLinks({ currentPath }: { currentPath: string }) {
  return (
    <nav aria-label="Saved views">
      <ul className="flex flex-wrap gap-2">
        {savedPaymentViews.map((view) => (
          <li key={view.path}>
            <Link
              to={view.path}
              title={view.description}
              aria-current={view.path === currentPath ? 'page' : undefined}
              className="inline-flex rounded-full px-3 py-1 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-50 aria-[current=page]:bg-indigo-600 aria-[current=page]:text-white dark:text-indigo-200 dark:ring-indigo-800 dark:hover:bg-indigo-950"
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
