import { ProgressBar } from '../../../components/progress-bar.tsx';
import type { Batch } from '../api/get-batch.ts';

/** How far the batch is: settled rows of all its rewards, the rate and the time left. */
export function BatchProgress({ progress }: { progress: Batch['progress'] }) {
  const settled = progress.done + progress.failed + progress.cancelled;
  return (
    <div className="space-y-2">
      <ProgressBar label="Rows settled" value={settled} max={progress.total} />
      <p className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300">
        {`${progress.done} paid · ${progress.failed} failed · ${progress.cancelled} cancelled · ${progress.remaining} to go`}
        {progress.ratePerSecond !== null && ` · ${progress.ratePerSecond.toFixed(1)} rows/s`}
        {progress.secondsLeft !== null && progress.remaining > 0 && ` · about ${Math.ceil(progress.secondsLeft / 60)} min left`}
      </p>
    </div>
  );
}
