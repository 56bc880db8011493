import { Link, useParams } from 'react-router-dom';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useBatch } from '../api/get-batch.ts';
import type { Batch } from '../../../display/batch/batch-types.ts';
import { BatchActions } from '../components/batch-actions.tsx';
import { BatchNotesTable } from '../components/batch-notes-table.tsx';
import { BatchProgress } from '../components/batch-progress.tsx';
import { BatchRowsTable } from '../components/batch-rows-table.tsx';
import { BatchSummary } from '../components/batch-summary.tsx';
import { RetryFailedRows } from '../components/retry-failed-rows.tsx';
import { batchTitle } from '../batch-title.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';

/** What the page says the batch is about now: its words follow its state. */
const descriptions: Record<Batch['state'], string> = {
  previewed: 'Nothing is paid yet. Check who gets what, then start: each valid row is paid as one reward, exactly once.',
  awaiting_approval: 'Nothing is paid until a second manager or admin approves it; then each valid row is paid as one reward, exactly once.',
  running: 'Paying: each valid row is paid as one reward, exactly once. Each row below says where it stands.',
  paused: 'Paused: no row starts until the batch goes on. Each row below says where it stands.',
  finished: 'Finished: each row below says what became of it, and what to do about the rows that were not paid.',
  cancelled: 'Cancelled: rows not started were not paid. Each row below says what became of it.',
  rejected: 'Rejected: the approver turned it down, so nothing was paid. The reason is below; upload it again once it is mended.',
};

/** One batch: its preview of who gets what, then its progress while it pays, and each row's outcome. */
export function BatchPage() {
  const { id = '' } = useParams();
  const { data, error } = useBatch(id);
  const network = useNetwork();
  if (error) return <ErrorNotice error={error} />;
  if (!data) return <Spinner label="Loading the batch" />;
  const { batch, notes } = data;
  const started = batch.progress.total > 0;
  return (
    <>
      <PageHeader title={batchTitle(batch, network)} description={descriptions[batch.state]} />
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
        {started && <BatchProgress batch={batch} />}
        <RetryFailedRows batch={batch} />
        <PageSection
          title={started ? 'Each row' : 'Who gets what'}
          description={
            started
              ? 'What became of each row, why, and what to do next and who can.'
              : 'Every row of the file with the user and the amount it pays; a row with a problem in the file is not paid.'
          }
        >
          <BatchRowsTable batch={batch} />
          <a href={`/api/rewards/batches/${batch.id}/results.csv`} download className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
            Download every row (CSV)
          </a>
        </PageSection>
        <PageSection
          title="What the file’s checks found"
          description="The checks of the uploaded file, row by row: a problem means the row is not paid; a warning means it is paid but worth a look. How the payments went is in the rows above."
        >
          <BatchNotesTable notes={notes} />
        </PageSection>
      </div>
    </>
  );
}
