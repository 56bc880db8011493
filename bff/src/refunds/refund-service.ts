import { fromScaled, toScaled } from '../../../common/amount.ts';
import { REFUND_OF_METADATA_KEY } from '../../../common/limits.ts';
import { defaultRefundMemo } from '../../../common/refund-memo.ts';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Database } from '../store/database.ts';
import { Refusal, refusal } from '../domain/refusal.ts';
import { fetchPayment } from '../payments/payment-lookup.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { NewReward } from '../rewards/reward-input.ts';
import type { RewardService } from '../rewards/reward-service.ts';
import type { RewardStore } from '../rewards/reward-store.ts';
import { rewardView, type RewardView } from '../rewards/reward-view.ts';
import { checkRefundFits, refundedOf } from './refund-cap.ts';
import type { RefundRequest } from './refund-input.ts';
import { refundRefusal } from './refundable-payment.ts';
import { refundView, type PaymentRefunds, type RefundView } from './refund-view.ts';

/** How many of a payment's refunds its list shows, newest first; what is left counts them all. */
const REFUNDS_LISTED = 500;

/**
 * Refunds of completed user-to-app payments: each is a reward to the payment's payer, asked for through
 * the rewards' one request path (idempotency key, payout gate, pipeline), with what is left of the
 * payment checked where its reward is inserted. What the routes call, the staff's and the app backend's.
 */
export class RefundService {
  constructor(
    private readonly deps: {
      db: Database;
      platform: PlatformClient;
      rewards: RewardService;
      rewardStore: RewardStore;
      audit: AuditLog;
    },
  ) {}

  /**
   * Refunds `amount` of the payment to whoever paid it, as the platform says (never as the caller
   * says). One refund per idempotency key and requester (a staff member or an API key), as for any reward; refused in words when
   * the payment is unknown, not user-to-app or not completed, or when the amount is more than is left.
   */
  async refund({ paymentId, amount, memo, idempotencyKey, requestedBy, origin }: RefundRequest & { idempotencyKey: string; requestedBy: string; origin: AuditOrigin }): Promise<{ refund: RefundView; created: boolean }> {
    const payment = await fetchPayment(this.deps.platform, paymentId);
    const refused = refundRefusal(payment);
    if (refused) throw refused;
    const reward: NewReward = { uid: payment.user_uid, amount, memo: memo || defaultRefundMemo(payment.identifier), metadata: { [REFUND_OF_METADATA_KEY]: payment.identifier } };
    try {
      const requested = await this.deps.rewards.request({ idempotencyKey, reward, confirmLookAlike: false, requestedBy, origin, refund: { paymentId: payment.identifier, fits: (tx) => checkRefundFits(tx, payment, amount) } });
      return { refund: asRefund(requested.reward), created: requested.created };
    } catch (error) {
      if (error instanceof Refusal && error.code === 'over_refundable') {
        const details = { refundOf: payment.identifier, uid: reward.uid, amount, code: error.code, ...error.details };
        await this.deps.audit.append({ ...origin, action: 'reward.payout_refused', target: `payment:${payment.identifier}`, outcome: 'refused', details });
      }
      throw error;
    }
  }

  /** One refund by its id (its reward's); refused as unknown for a reward that refunds nothing. */
  async get(id: string): Promise<RefundView> {
    try {
      return asRefund((await this.deps.rewards.get(id)).reward);
    } catch (error) {
      if (error instanceof Refusal && error.code === 'reward_not_found') throw unknownRefund();
      throw error;
    }
  }

  /** The payment's refunds and what is left to refund, the payment read from the platform. */
  async ofPayment(paymentId: string): Promise<PaymentRefunds> {
    const payment = await fetchPayment(this.deps.platform, paymentId);
    const [records, refunded] = await Promise.all([this.deps.rewardStore.list({ refundOf: payment.identifier, limit: REFUNDS_LISTED }), refundedOf(this.deps.db, payment.identifier)]);
    const notRefundable = refundRefusal(payment);
    const left = toScaled(payment.amount) - refunded;
    return {
      paymentId: payment.identifier,
      amount: payment.amount,
      refunded: fromScaled(refunded),
      remaining: fromScaled(notRefundable || left < 0n ? 0n : left),
      notRefundable: notRefundable && { code: notRefundable.code, message: notRefundable.message },
      refunds: records.map((record) => asRefund(rewardView(record))),
    };
  }
}

function unknownRefund(): Refusal {
  return refusal('not_found', 'refund_not_found', 'No refund with this id.');
}

function asRefund(reward: RewardView): RefundView {
  if (reward.refundOf === null) throw unknownRefund();
  return refundView({ ...reward, refundOf: reward.refundOf });
}
