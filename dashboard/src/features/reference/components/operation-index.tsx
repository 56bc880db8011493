import { Link } from 'react-router-dom';
import type { ApiOperation } from '../api-operations.ts';
import { MethodBadge } from './method-badge.tsx';

/** The operations by tag, each a link to its section (`#operationId`). */
export function OperationIndex({ operations, current }: { operations: readonly ApiOperation[]; current: string }) {
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return (
    <nav aria-label="Operations" className="space-y-4 text-sm">
      {tags.map((tag) => (
        <div key={tag}>
          <h2 className="mb-1 px-2 text-xs font-semibold text-zinc-500 uppercase dark:text-zinc-400">{tag}</h2>
          <ul className="space-y-0.5">
            {operations
              .filter((operation) => operation.tag === tag)
              .map(({ id, method, path }) => (
                <li key={id}>
                  <Link
                    to={{ hash: id }}
                    aria-current={current === id ? 'location' : undefined}
                    className={`flex items-center gap-1 rounded-md px-2 py-1 ${current === id ? 'bg-zinc-200/70 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800/70'}`}
                  >
                    <MethodBadge method={method} />{' '}
                    <span className="font-mono text-xs break-all">{path}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
