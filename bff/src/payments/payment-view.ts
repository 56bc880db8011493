import type { PaymentState } from '../../../common/payment-states.ts';
import type { Payment } from '../platform/schemas.ts';
import type { payments, paymentSyncs } from '../store/schema.ts';
import { derivePaymentState } from './payment-state.ts';

/** A payment as the API shows it: every PaymentDTO field (amount as a decimal string) and its state in one word. */
export type PaymentView = Payment & { state: PaymentState };

/** A payment from the console's index, with when the console first and last saw it. */
export type IndexedPaymentView = PaymentView & { firstSeenAt: string; lastSyncedAt: string };

/** What `viewOfRow` reads: the payment's row and its sync time (see `selectIndexedPayments`). */
export type PaymentRow = typeof payments.$inferSelect & Pick<typeof paymentSyncs.$inferSelect, 'lastSyncedAt'>;

export function viewOf(payment: Payment): PaymentView {
  return { ...payment, state: derivePaymentState(payment) };
}

/** numeric(30,7) comes back padded ("1.5000000"); shown amounts carry no trailing zeros. */
export function trimAmount(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

export function viewOfRow(row: PaymentRow): IndexedPaymentView {
  return {
    identifier: row.id,
    user_uid: row.userUid,
    amount: trimAmount(row.amount),
    memo: row.memo,
    metadata: row.metadata,
    from_address: row.fromAddress,
    to_address: row.toAddress,
    direction: row.direction,
    created_at: row.createdAt.toISOString(),
    network: row.network,
    status: {
      developer_approved: row.developerApproved,
      transaction_verified: row.transactionVerified,
      developer_completed: row.developerCompleted,
      cancelled: row.cancelled,
      user_cancelled: row.userCancelled,
    },
    transaction: row.txid === null ? null : { txid: row.txid, verified: row.txVerified ?? false, _link: row.txLink ?? '' },
    state: row.state,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSyncedAt: row.lastSyncedAt.toISOString(),
  };
}
