import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useCan } from '../../../lib/access.ts';
import type { Batch } from '../api/get-batch.ts';
import { useRetryFailedRows } from '../api/retry-failed-batch.ts';

const SETTLED: ReadonlyArray<Batch['state']> = ['finished', 'cancelled', 'paused'];

/**
 * Once a batch stopped paying with failed rows: those rows as a new batch, whose preview opens
 * (checked again against today's limits). Nothing is paid until the new batch is started.
 */
export function RetryFailedRows({ batch }: { batch: Batch }) {
  const canPay = useCan('rewards:pay');
  const retry = useRetryFailedRows();
  const navigate = useNavigate();
  if (!canPay || batch.progress.failed === 0 || !SETTLED.includes(batch.state)) return null;

  return (
    <div className="space-y-2">
      <Button disabled={retry.isPending} onClick={() => retry.mutate(batch.id, { onSuccess: (preview) => void navigate(`/rewards/batches/${encodeURIComponent(preview.batch.id)}`) })}>
        {retry.isPending ? 'Making the new batch…' : 'Retry failed rows as a new batch'}
      </Button>
      {retry.error && <ErrorNotice error={retry.error} />}
    </div>
  );
}
