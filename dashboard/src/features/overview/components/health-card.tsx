import { StatusDot, type StatusTone } from '../../../components/status-dot.tsx';

/** Whether one part the console depends on answers, in a word and a sentence. */
export function HealthCard({ label, tone, state, detail }: { label: string; tone: StatusTone; state: string; detail: string }) {
  return (
    <li className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
      <p className="mt-1 flex items-center gap-2 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        <StatusDot tone={tone} />
        {state}
      </p>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{detail}</p>
    </li>
  );
}
