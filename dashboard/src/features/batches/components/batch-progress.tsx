import { ProgressBar } from '../../../components/progress-bar.tsx';
import type { Batch } from '../api/get-batch.ts';

/** "about 40 s", "about 3 min", "about 2 h 5 min". */
export function durationWords(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.ceil(seconds))} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "one payment every 5.3 s": the network's bound, one transaction of the app wallet per ledger. */
export const paceWords = (ledgerMs: number): string => `one payment every ${(ledgerMs / 1000).toFixed(1)} s`;

/**
 * How far the batch is: settled rows of all its rewards, the rate, and the time left at the
 * network's pace (one payment per ledger); rows blocked by another open payment are counted apart.
 */
export function BatchProgress({ progress, ledgerMs }: { progress: Batch['progress']; ledgerMs: number | null }) {
  const settled = progress.done + progress.failed + progress.cancelled;
  return (
    <div className="space-y-2">
      <ProgressBar label="Rows settled" value={settled} max={progress.total} />
      <p className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300">
        {`${progress.done} paid · ${progress.failed} failed · ${progress.cancelled} cancelled · ${progress.remaining} to go`}
        {progress.ratePerSecond !== null && ` · ${progress.ratePerSecond.toFixed(1)} rows/s`}
        {progress.blocked > 0 && ` · ${progress.blocked} blocked by another open payment, not in the time left`}
        {progress.secondsLeft !== null && ledgerMs !== null && progress.remaining > progress.blocked && ` · ${durationWords(progress.secondsLeft)} left at ${paceWords(ledgerMs)}`}
      </p>
    </div>
  );
}
