export type StatusTone = 'ok' | 'warning' | 'down' | 'unknown';

const toneClasses: Record<StatusTone, string> = {
  ok: 'bg-emerald-500',
  warning: 'bg-amber-500',
  down: 'bg-red-500',
  unknown: 'bg-zinc-400 dark:bg-zinc-500',
};

/** A coloured dot; decorative, so the text next to it must say the same thing. */
export function StatusDot({ tone }: { tone: StatusTone }) {
  return <span aria-hidden="true" className={`inline-block size-2 shrink-0 rounded-full ${toneClasses[tone]}`} />;
}
