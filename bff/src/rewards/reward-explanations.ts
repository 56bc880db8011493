import type { PaymentDifference } from './payment-differences.ts';

/** Plain words for the codes a reward can end or wait with: what happened, and what a person can do. */
const EXPLANATIONS: Record<string, string> = {
  user_not_found: 'The platform knows no user with this uid. Check the uid.',
  missing_scope: 'The user has not shared their wallet address with the app (the wallet_address scope), so the app cannot pay them yet.',
  missing_wallet: 'The user has no wallet yet, so the app cannot pay them.',
  invalid_address: "The user's wallet address is not valid.",
  invalid_amount: 'The platform did not accept this amount.',
  invalid_metadata: 'The platform did not accept the metadata.',
  too_many_payments: 'The platform refuses more payments for now.',
  too_many_cancelled_payments: 'This user has too many cancelled payments; the platform refuses new ones.',
  feature_not_available: 'The platform does not offer app-to-user payments to this app.',
  ongoing_payment_found: 'Another app-to-user payment is still open; the platform allows one at a time. Finish or cancel it and this reward goes on.',
  awaiting_wallet: 'The payment is created and waits for its blockchain transaction: the console has no app wallet seed (PLAT_WALLET_SEED and PLAT_HORIZON_URL).',
  awaiting_ledger: 'Sent; waiting for the ledger (one closes about every 5 s). The console looks it up each ledger and sends the same transaction again; it is never paid twice.',
  wallet_mismatch: "The console's app wallet is not the wallet the platform pays this reward from.",
  op_underfunded: 'The app wallet does not hold enough to pay this reward. Fund it, then retry.',
  op_no_destination: "The user's wallet does not exist on the blockchain.",
  tx_bad_auth: "The blockchain refused the app wallet's signature.",
  tx_failed: 'The blockchain refused the transaction.',
  payment_not_found: 'The platform no longer knows this payment. A person must look at it: the console will not create it again.',
  transaction_not_verified: 'The platform did not verify the transaction. A person must look at it.',
  other_transaction_linked: 'The platform linked another transaction to this payment. A person must look at it.',
  payment_cancelled: 'The payment was cancelled on the platform before it completed.',
  cancelled_by_staff: 'Cancelled by staff before any money moved.',
  requester_cannot_pay: 'Withdrawn: the staff member who asked for it may no longer pay rewards (disabled, or given a role that does not pay). Nothing was paid; ask again if it should still be paid.',
  reward_in_progress: 'The console is still paying it: the reward shows how far it got, and it goes on by itself.',
};

export function explain(code: string, fallback?: string): string {
  return EXPLANATIONS[code] ?? fallback ?? `The platform answered ${code}.`;
}

/**
 * Why a reward was set aside before signing (code `payment_mismatch`), with the values that differ.
 * Not in EXPLANATIONS: explain() would put these fixed words in place of the case's values.
 */
export function explainPaymentMismatch(differences: readonly PaymentDifference[]): string {
  const shown = (difference: PaymentDifference, value: string | null) => (value === null ? 'none' : difference.field === 'amount' ? value : JSON.stringify(value));
  const listed = differences.map((difference) => `${difference.field} ${shown(difference, difference.reward)} on the reward, ${shown(difference, difference.platform)} on the platform`);
  return `The platform's payment is not what this reward asks for, so the console signed nothing. A person must look at it: ${listed.join('; ')}.`;
}
