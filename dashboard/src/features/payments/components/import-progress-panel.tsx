import { ErrorNotice } from '../../../components/error-notice.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { importOutcomes, type ImportProgress } from '../import-progress.ts';
import { importOutcomeWords } from './import-outcome-badge.tsx';

/** How far the import is, driven by the server's answer as it streams in, and the counts per outcome. */
export function ImportProgressPanel({ progress, error }: { progress: ImportProgress; error: Error | null }) {
  const { total, results, counts, done } = progress;
  return (
    <section aria-labelledby="import-progress-heading" className="space-y-3">
      <h2 id="import-progress-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Progress
      </h2>
      <ProgressBar label="Import progress" value={results.length} max={total} />
      <ul aria-label="Counts" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {importOutcomes.map((outcome) => (
          <li key={outcome}>
            <span className="text-zinc-500 dark:text-zinc-400">{`${importOutcomeWords[outcome]}: `}</span>
            <span className="font-medium tabular-nums">{counts[outcome]}</span>
          </li>
        ))}
      </ul>
      {done && (
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {`Done: ${counts.indexed} of ${total} indexed.`}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
