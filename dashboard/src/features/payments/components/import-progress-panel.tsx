import { ProgressPanel } from '../../../components/progress-panel.tsx';
import type { ImportProgress } from '../import-progress.ts';
import { importOutcomeWords } from './import-outcome-badge.tsx';

/** How far the import is, and the counts per outcome. */
export function ImportProgressPanel({ progress, error }: { progress: ImportProgress; error: Error | null }) {
  return (
    <ProgressPanel
      label="Import progress"
      progress={progress}
      outcomeWords={importOutcomeWords}
      doneMessage={`Done: ${progress.counts.indexed} of ${progress.total} indexed.`}
      error={error}
    />
  );
}
