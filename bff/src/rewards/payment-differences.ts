import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { Payment } from '../platform/schemas.ts';
import type { RewardRow } from './reward-row.ts';

/** One thing the platform's payment says otherwise than the reward it is to pay. */
export interface PaymentDifference {
  field: 'amount' | 'user' | 'recipient wallet' | 'sender wallet' | 'memo';
  reward: string | null;
  platform: string;
}

/**
 * What the platform's payment says otherwise than the reward: the amount (compared as scaled
 * integers), who receives it (the user and their wallet), who sends it and the memo. The transaction
 * pays the payment, so any difference would pay something other than what was asked.
 */
export function paymentDifferences(
  reward: Pick<RewardRow, 'amount' | 'uid' | 'toAddress' | 'fromAddress' | 'memo'>,
  payment: Pick<Payment, 'amount' | 'user_uid' | 'to_address' | 'from_address' | 'memo'>,
): PaymentDifference[] {
  const differences: PaymentDifference[] = [];
  if (toScaled(reward.amount) !== toScaled(payment.amount)) differences.push({ field: 'amount', reward: fromScaled(toScaled(reward.amount)), platform: payment.amount });
  const others: PaymentDifference[] = [
    { field: 'user', reward: reward.uid, platform: payment.user_uid },
    { field: 'recipient wallet', reward: reward.toAddress, platform: payment.to_address },
    { field: 'sender wallet', reward: reward.fromAddress, platform: payment.from_address },
    { field: 'memo', reward: reward.memo, platform: payment.memo },
  ];
  return [...differences, ...others.filter((other) => other.reward !== other.platform)];
}
