import { useId } from 'react';
import type { Progress } from '../lib/progress-stream.ts';
import { ErrorNotice } from './error-notice.tsx';
import { ProgressBar } from './progress-bar.tsx';

interface ProgressPanelProps<Outcome extends string> {
  /** Names the progress bar, e.g. "Import progress". */
  label: string;
  progress: Progress<Outcome, { result: Outcome }>;
  /** The outcomes to count, in the order they are listed, with their words. */
  outcomeWords: Record<Outcome, string>;
  /** What the finished run did, in one sentence. */
  doneMessage: string;
  /** Why the run failed or stopped early; the results so far stay shown. */
  error: Error | null;
}

/** How far a bulk run is, driven by the server's answer as it streams in: the bar, the counts per outcome, the server's notes. */
export function ProgressPanel<Outcome extends string>({ label, progress, outcomeWords, doneMessage, error }: ProgressPanelProps<Outcome>) {
  const headingId = useId();
  const { total, results, counts, notes, done } = progress;
  const outcomes = Object.keys(outcomeWords) as Outcome[];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Progress
      </h2>
      {/* A run that goes on through several listings can handle more than it first announced. */}
      <ProgressBar label={label} value={results.length} max={Math.max(total, results.length)} />
      <ul aria-label="Counts" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {outcomes.map((outcome) => (
          <li key={outcome}>
            <span className="text-zinc-500 dark:text-zinc-400">{`${outcomeWords[outcome]}: `}</span>
            <span className="font-medium tabular-nums">{counts[outcome]}</span>
          </li>
        ))}
      </ul>
      {notes.length > 0 && (
        <ul aria-label="Notes from the server" className="list-disc space-y-1 pl-5 text-sm text-amber-900 dark:text-amber-200">
          {notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
      {done && (
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {doneMessage}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
