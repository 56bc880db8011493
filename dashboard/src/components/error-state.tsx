import type { ReactNode } from 'react';

interface ErrorStateProps {
  title: string;
  message: string;
  /** Facts staff can quote to whoever investigates, e.g. the error code and request id. */
  details?: { label: string; value: string }[];
  actions?: ReactNode;
}

export function ErrorState({ title, message, details = [], actions }: ErrorStateProps) {
  return (
    <div role="alert" className="max-w-xl rounded-lg border border-red-200 bg-white p-5 shadow-sm dark:border-red-900 dark:bg-zinc-900">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{message}</p>
      {details.length > 0 && (
        <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs">
          {details.map(({ label, value }) => (
            <div key={label} className="contents">
              <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
              <dd className="font-mono break-all text-zinc-800 dark:text-zinc-200">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions && <div className="mt-4 flex gap-2">{actions}</div>}
    </div>
  );
}
