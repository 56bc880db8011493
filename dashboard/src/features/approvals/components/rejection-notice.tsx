import { DateTime } from '../../../components/date-time.tsx';
import type { RejectionView } from '../../../../../bff/src/rewards/rejection.ts';

/** Who rejected a reward or a batch instead of approving it, when and why; nothing of it was paid. */
export function RejectionNotice({ rejection, withBatch = false }: { rejection: RejectionView; withBatch?: boolean }) {
  return (
    <div role="status" className="space-y-1 rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <p className="font-medium">
        {`${withBatch ? 'Rejected with its batch' : 'Rejected'} by ${rejection.by.email ?? rejection.by.id}, `}
        <DateTime iso={rejection.at} />
        {'. Nothing was paid.'}
      </p>
      <p className="break-words">{`Reason: ${rejection.reason}`}</p>
    </div>
  );
}
