import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** One line on what the page is for, or on a detail page what happened to the thing it shows. */
  description: ReactNode;
  /** Under the description, e.g. the id of the thing shown, to copy. */
  meta?: ReactNode;
  /** Next to the title, e.g. the state of the thing the page shows. */
  status?: ReactNode;
  /** On the right of the header, where the eyes are: what can be done to the thing shown. */
  actions?: ReactNode;
}

/** The page's heading and one line on what it is for; also sets the document title. */
export function PageHeader({ title, description, meta, status, actions }: PageHeaderProps) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-x-6 gap-y-3 border-b border-zinc-200 pb-4 dark:border-zinc-800">
      <title>{`${title} · Plat Console`}</title>
      <div className="min-w-0">
        <h1 className="inline text-xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">{title}</h1>
        {status && <span className="ml-3 inline-block align-text-bottom">{status}</span>}
        <p className="mt-1 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        {meta && <div className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{meta}</div>}
      </div>
      {actions}
    </header>
  );
}
