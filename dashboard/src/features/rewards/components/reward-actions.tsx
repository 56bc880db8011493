import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useCan } from '../../../lib/access.ts';
import type { Reward } from '../api/get-reward.ts';
import { CancelRewardDialog } from './cancel-reward-dialog.tsx';
import { RetryRewardDialog } from './retry-reward-dialog.tsx';

type Open = 'retry' | 'cancel' | null;

/** Retry and cancel, for roles that pay rewards, and only where the server says each is safe now. */
export function RewardActions({ reward }: { reward: Reward }) {
  const canPay = useCan('rewards:pay');
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!canPay || (!reward.canRetry && !reward.canCancel && !done)) return null;

  const finish = (message: string) => () => {
    setOpen(null);
    setDone(message);
  };

  return (
    <section aria-labelledby="reward-actions-heading" className="space-y-2">
      <h2 id="reward-actions-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Actions
      </h2>
      {done && <Notice>{done}</Notice>}
      <div className="flex flex-wrap gap-2">
        {reward.canRetry && (
          <Button variant="primary" onClick={() => setOpen('retry')}>
            Retry reward
          </Button>
        )}
        {reward.canCancel && (
          <Button variant="danger" onClick={() => setOpen('cancel')}>
            Cancel reward
          </Button>
        )}
      </div>
      {open === 'retry' && <RetryRewardDialog reward={reward} onClose={() => setOpen(null)} onRetried={finish('The reward was retried; its state below is the latest.')} />}
      {open === 'cancel' && <CancelRewardDialog reward={reward} onClose={() => setOpen(null)} onCancelled={finish('The reward is cancelled.')} />}
    </section>
  );
}
