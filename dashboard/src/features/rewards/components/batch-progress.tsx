import { ProgressBar } from '../../../components/progress-bar.tsx';
import type { Batch } from '../api/get-batch.ts';

/** "about 40 s", "about 3 min", "about 2 h 5 min". */
export function timeLeftWords(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.ceil(seconds))} s left`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** How far the batch is: settled rows of all its rewards, the rate and the time left; read again every second while rows remain. */
export function BatchProgress({ progress }: { progress: Batch['progress'] }) {
  const settled = progress.done + progress.failed + progress.cancelled;
  return (
    <div className="space-y-2">
      <ProgressBar label="Rows settled" value={settled} max={progress.total} />
      <p className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300">
        {`${progress.done} paid · ${progress.failed} failed · ${progress.cancelled} cancelled · ${progress.remaining} to go`}
        {progress.ratePerSecond !== null && ` · ${progress.ratePerSecond.toFixed(1)} rows/s`}
        {progress.secondsLeft !== null && progress.remaining > 0 && ` · ${timeLeftWords(progress.secondsLeft)}`}
      </p>
    </div>
  );
}
