import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useCan } from '../../../lib/access.ts';
import type { Batch } from '../../../display/batch/batch-types.ts';
import { useRetryFailedRows } from '../api/retry-failed-batch.ts';
import { batchRowsPath } from '../../../display/batch/batch-row-facets.ts';

const SETTLED: ReadonlyArray<Batch['state']> = ['finished', 'cancelled', 'paused'];

const rowsWord = (count: number) => (count === 1 ? '1 failed row' : `${count.toLocaleString('en')} failed rows`);

/**
 * Once a batch stopped paying with failed rows: those a retry can pay as a new batch, whose preview
 * opens (checked again against today's limits). Rows a refusal proved no retry pays are left out, and
 * the page says so. Nothing is paid until the new batch is started.
 */
export function RetryFailedRows({ batch }: { batch: Batch }) {
  const canPay = useCan('rewards:pay');
  const retry = useRetryFailedRows();
  const navigate = useNavigate();
  const { retryable, leftOut } = batch.failedRows;
  if (!canPay || retryable + leftOut === 0 || !SETTLED.includes(batch.state)) return null;

  return (
    <div className="space-y-2">
      {retryable > 0 && (
        <Button disabled={retry.isPending} onClick={() => retry.mutate(batch.id, { onSuccess: (preview) => void navigate(`/rewards/batches/${encodeURIComponent(preview.batch.id)}`) })}>
          {retry.isPending ? 'Making the new batch…' : `Retry ${rowsWord(retryable)} as a new batch`}
        </Button>
      )}
      {leftOut > 0 && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {`${retryable > 0 ? 'Left out of the retry' : 'Not offered for a retry'}: ${rowsWord(leftOut)} the platform refused for a reason no retry changes (no such user, or a user who has not shared a wallet with the app). `}
          <Link to={batchRowsPath(batch.id, 'failed')} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            See why and what to do
          </Link>
        </p>
      )}
      {retry.error && <ErrorNotice error={retry.error} />}
    </div>
  );
}
