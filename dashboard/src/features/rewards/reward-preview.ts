import { amountWithCurrency } from '../../lib/format-amount.ts';
import type { NewReward } from './api/pay-reward.ts';

/** Who gets what, in words, before anything is sent; `network` names the amount's currency when known. */
export function rewardPreview({ uid, amount, memo, metadata = {} }: NewReward, network: string | null): string[] {
  const keys = Object.keys(metadata);
  return [
    `Pay ${amountWithCurrency(amount, network)} to the user with uid ${uid}, with the memo “${memo}”.`,
    keys.length === 0 ? 'No metadata.' : `Metadata: ${keys.length === 1 ? 'one key' : `${keys.length} keys`} (${keys.join(', ')}).`,
    'The app pays from its own wallet: the platform creates the payment, the console signs and sends its transaction and completes it. Asking again for this same submission never pays twice.',
  ];
}
