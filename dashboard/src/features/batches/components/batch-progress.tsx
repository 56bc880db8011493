import { ProgressBar } from '../../../components/progress-bar.tsx';
import type { Batch } from '../../../display/batch/batch-types.ts';

/** "about 40 s", "about 3 min", "about 2 h 5 min". */
export function durationWords(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.ceil(seconds))} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "one payment every 5.3 s": the network's bound, one transaction of the app wallet per ledger. */
export const paceWords = (ledgerMs: number): string => `one payment every ${(ledgerMs / 1000).toFixed(1)} s`;

const rowsWord = (count: number) => (count === 1 ? '1 row' : `${count.toLocaleString('en')} rows`);

/**
 * How long the rows still to go take at the network's pace. Rows blocked by another open payment go
 * at no pace at all, so they get no time, and the time given is only for the others.
 */
function TimeLeft({ progress, ledgerMs }: { progress: Batch['progress']; ledgerMs: number | null }) {
  const { blocked, remaining, secondsLeft } = progress;
  const others = remaining - blocked;
  const pace = secondsLeft !== null && ledgerMs !== null && others > 0 ? `${durationWords(secondsLeft)} at ${paceWords(ledgerMs)}` : null;
  if (blocked === 0) return pace && <p className="text-sm text-zinc-700 dark:text-zinc-300">{`Time left: ${pace}.`}</p>;
  return (
    <p role="status" className="text-sm text-amber-900 dark:text-amber-200">
      {`${rowsWord(blocked)} ${blocked === 1 ? 'is' : 'are'} blocked by an unfinished payment: they go on once it is completed or cancelled, so no time can be given for them.`}
      {pace && ` The other ${rowsWord(others)} take ${pace}.`}
    </p>
  );
}

/**
 * How far the batch is: settled rows of all its rewards, the rows still to go and those blocked
 * apart, the rate, and while it pays the time left at the network's pace (one payment per ledger).
 */
export function BatchProgress({ batch }: { batch: Batch }) {
  const { progress } = batch;
  const settled = progress.done + progress.failed + progress.cancelled;
  return (
    <div className="space-y-2">
      <ProgressBar label="Rows settled" value={settled} max={progress.total} />
      <p className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300">
        {`${progress.done} paid · ${progress.failed} failed · ${progress.cancelled} cancelled · ${progress.remaining - progress.blocked} to go`}
        {progress.blocked > 0 && ` · ${progress.blocked} blocked`}
        {progress.ratePerSecond !== null && ` · ${progress.ratePerSecond.toFixed(1)} rows/s`}
      </p>
      {batch.state === 'running' && <TimeLeft progress={progress} ledgerMs={batch.atLedgerPace?.ledgerMs ?? null} />}
    </div>
  );
}
