import { paymentPath } from '../../components/payment/payment-path.ts';
import { batchPath } from '../batches/batch-filters.ts';
import { rewardPath } from '../rewards/reward-filters.ts';

/** Where an audit target (`payment:<id>`, `staff:<id or email>`, `reward:<id>`, `reward_batch:<id>`) is shown in the console, or null. */
export function auditTargetPath(target: string): string | null {
  const [kind, ...rest] = target.split(':');
  const id = rest.join(':');
  if (!id) return null;
  if (kind === 'payment') return paymentPath(id);
  if (kind === 'staff') return '/staff';
  if (kind === 'reward') return rewardPath(id);
  if (kind === 'reward_batch') return batchPath(id);
  return null;
}
