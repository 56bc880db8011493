import { Link } from 'react-router-dom';
import { shortenMiddle } from '../lib/shorten-middle.ts';
import { useCopy } from './copy-button.tsx';
import { CopyIcon } from './icons.tsx';

interface ShortIdProps {
  id: string;
  /** What the id is, e.g. "payment id": the copy button is "Copy payment id …". */
  kind: string;
  /** Where the id leads, e.g. the payment's page; without it the id is plain text. */
  to?: string;
}

const messages = { idle: '', copied: 'Copied', failed: 'Could not copy' } as const;

/**
 * A long id in little room, cut in the middle ("f1d2bb16…39f08"), with a copy button that shows on
 * hover or focus. The full id is in its title, in what screen readers hear and in what is copied.
 */
export function ShortId({ id, kind, to }: ShortIdProps) {
  const { state, copy } = useCopy(id);
  const text = (
    <>
      <span aria-hidden="true">{shortenMiddle(id, 8, 5)}</span>
      <span className="sr-only">{id}</span>
    </>
  );
  return (
    <span className="group relative inline-flex items-center gap-0.5 font-mono text-xs whitespace-nowrap">
      {to ? (
        <Link to={to} title={id} className="text-indigo-700 hover:underline dark:text-indigo-300">
          {text}
        </Link>
      ) : (
        <span title={id}>{text}</span>
      )}
      <button
        type="button"
        onClick={copy}
        aria-label={`Copy ${kind} ${id}`}
        title={`Copy ${kind}`}
        className="rounded p-0.5 text-zinc-500 opacity-0 group-hover:opacity-100 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:opacity-100 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <CopyIcon />
      </button>
      {/* Over the id for a moment, so the cell keeps its width. */}
      <span
        role="status"
        className={
          state === 'idle'
            ? 'sr-only'
            : 'pointer-events-none absolute inset-y-0 left-0 flex items-center rounded bg-white px-1 font-sans text-zinc-800 shadow-sm ring-1 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700'
        }
      >
        {messages[state]}
      </span>
    </span>
  );
}
