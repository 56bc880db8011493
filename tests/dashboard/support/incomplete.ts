import type { IncompleteItem } from '../../../dashboard/src/features/incomplete/api/get-incomplete.ts';
import { payment } from './payments.ts';

export const TO_COMPLETE = 'IncompleteWithTxIdentifier01';
export const TO_CANCEL = 'IncompleteWithoutTxIdentif02';
export const REFUSED = 'IncompleteRefusedIdentifier3';

const serverPayment = (identifier: string) => payment({ identifier, direction: 'app_to_user', memo: `Reward ${identifier.slice(-2)}`, amount: '1.5' });

const noTransaction = { developer_approved: true, transaction_verified: false, developer_completed: false, cancelled: false, user_cancelled: false };

/** Listed without a transaction, but read again it has a verified one: the platform's list is stale. */
export function staleItem(): IncompleteItem {
  const current = serverPayment(TO_COMPLETE);
  return {
    listed: { ...current, transaction: null, status: noTransaction, state: 'awaiting_transaction' },
    current,
    plan: { action: 'complete', reason: 'A verified blockchain transaction is recorded: complete the payment with its own txid.' },
    known: { firstSeenAt: '2026-05-14T23:00:00.000Z', firstSeenSource: 'incomplete_list', staffActions: 2 },
  };
}

/** No transaction was ever recorded: the fix is to cancel it. */
export function cancelItem(identifier = TO_CANCEL): IncompleteItem {
  const current = { ...serverPayment(identifier), transaction: null, status: noTransaction, state: 'awaiting_transaction' as const };
  return {
    listed: current,
    current,
    plan: { action: 'cancel', reason: "No blockchain transaction was ever recorded: cancel it so it stops blocking the app's next payment." },
    known: { firstSeenAt: null, firstSeenSource: null, staffActions: 0 },
  };
}
