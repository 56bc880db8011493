import { Link, useParams } from 'react-router-dom';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useBatch } from '../api/get-batch.ts';
import { BatchActions } from '../components/batch-actions.tsx';
import { BatchNotesTable } from '../components/batch-notes-table.tsx';
import { BatchProgress } from '../components/batch-progress.tsx';
import { BatchSummary } from '../components/batch-summary.tsx';
import { RetryFailedRows } from '../components/retry-failed-rows.tsx';

/** One batch: its preview, then its progress while it pays, and its results. */
export function BatchPage() {
  const { id = '' } = useParams();
  const { data, error } = useBatch(id);
  if (error) return <ErrorNotice error={error} />;
  if (!data) return <Spinner label="Loading the batch" />;
  const { batch, notes } = data;
  return (
    <>
      <PageHeader title={`Reward batch${batch.fileName ? ` ${batch.fileName}` : ''}`} description="Every valid row is paid as one reward, exactly once. Check the preview before you start." />
      <div className="space-y-8">
        {batch.retryOf && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {'The failed rows of '}
            <Link to={`/rewards/batches/${encodeURIComponent(batch.retryOf)}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              an earlier batch
            </Link>
            , checked again.
          </p>
        )}
        <BatchSummary batch={batch} />
        <BatchActions batch={batch} />
        {batch.progress.total > 0 && <BatchProgress progress={batch.progress} ledgerMs={batch.atLedgerPace?.ledgerMs ?? null} />}
        <RetryFailedRows batch={batch} />
        <a href={`/api/rewards/batches/${batch.id}/results.csv`} download className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
          Download the results (CSV)
        </a>
        <PageSection title="Rows to look at" description="The first rows with a problem or a warning; the results CSV has every row.">
          <BatchNotesTable notes={notes} />
        </PageSection>
      </div>
    </>
  );
}
