import { dismissToast, useToasts } from '../lib/toasts.ts';

/**
 * Where confirmations of actions show, in the lower corner, over the page and never pushing it: a
 * polite live region, so screen readers say them without taking the focus away.
 */
export function ToastRegion() {
  const toasts = useToasts();
  return (
    <div role="status" aria-live="polite" aria-label="Notifications" className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className="pointer-events-auto flex items-start gap-3 rounded-md border border-emerald-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-lg dark:border-emerald-800 dark:bg-zinc-900 dark:text-zinc-50"
        >
          <p className="flex-1">{toast.text}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            aria-label="Dismiss"
            className="rounded px-1 text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
