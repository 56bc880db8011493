import type { NewReward } from './api/pay-reward.ts';

/** Who gets what, in words, before anything is sent. */
export function rewardPreview({ uid, amount, memo, metadata = {} }: NewReward): string[] {
  const keys = Object.keys(metadata);
  return [
    `Pay ${amount} to the user with uid ${uid}, with the memo “${memo}”.`,
    keys.length === 0 ? 'No metadata.' : `Metadata: ${keys.length === 1 ? 'one key' : `${keys.length} keys`} (${keys.join(', ')}).`,
    'The app pays from its own wallet: the platform creates the payment, the console signs and sends its transaction and completes it. Asking again for this same submission never pays twice.',
  ];
}
