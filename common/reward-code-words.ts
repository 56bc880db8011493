/** The code a reward waits with while the app wallet cannot pay it. */
export const NEEDS_FUNDS = 'needs_funds';

/**
 * Plain words for the codes a reward can end or wait with, for the console's server (which keeps them
 * on the reward) and its pages (a reward's timeline, the audit log, a refused action). `reason` is
 * absent where the case words its own (the shortfall of funds names its amount); `next` is absent
 * where what to do depends on where the reward stands (see the batch's row story).
 */
export const REWARD_CODE_WORDS: Readonly<Record<string, { reason?: string; next?: string }>> = {
  user_not_found: { reason: 'No such user for this app.', next: 'Check the uid with whoever gave it: no retry can pay it. A manager can pay the right uid as a new reward.' },
  missing_scope: {
    reason: 'The user has not shared their wallet address with the app: they must sign in to the app again and allow it.',
    next: 'Ask the user to do so: until then no retry can pay them. Once they have, a manager can pay them as a new reward.',
  },
  missing_wallet: { reason: 'The user has no wallet yet, so the app cannot pay them.', next: 'Ask the user to set up their wallet: until then no retry can pay them. Once they have, a manager can pay them as a new reward.' },
  invalid_address: { reason: "The user's wallet address is not valid." },
  invalid_amount: { reason: 'The platform did not accept this amount.', next: 'Check the amount; a manager can pay the right one as a new reward.' },
  invalid_metadata: { reason: 'The platform did not accept the metadata.', next: 'Check the metadata; a manager can pay it again as a new reward.' },
  too_many_payments: { reason: 'The platform refuses more payments for now.' },
  too_many_cancelled_payments: { reason: 'This user has too many cancelled payments; the platform refuses new ones.', next: 'The platform decides when it takes this user’s payments again; a manager can retry later.' },
  feature_not_available: { reason: 'The platform does not offer app-to-user payments to this app.', next: 'An admin must ask the platform to turn app-to-user payments on for the app.' },
  ongoing_payment_found: {
    reason: 'Another app-to-user payment is still open; the platform allows one at a time.',
    next: 'Ops can complete or cancel it on the Incomplete payments page; this reward then goes on by itself.',
  },
  [NEEDS_FUNDS]: { next: 'Whoever manages the app wallet pays in the amount missing (the Wallet page shows what it holds); nothing else to do.' },
  awaiting_wallet: {
    reason: 'The payment is created and waits for its blockchain transaction: the console has no app wallet to sign it with (its seed and Horizon address are not set).',
    next: 'An admin gives the console the app wallet; the reward then goes on by itself.',
  },
  awaiting_ledger: {
    reason: 'Sent; waiting for the ledger (one closes about every 5 s).',
    next: 'Nothing to do: the console looks it up each ledger and sends the same transaction again; it is never paid twice.',
  },
  awaiting_verification: { reason: 'The transaction is on the ledger; the platform has not verified it yet.', next: 'Nothing to do: the console asks again and completes it.' },
  wallet_mismatch: { reason: "The console's app wallet is not the wallet the platform pays this reward from.", next: 'An admin must give the console the wallet the platform pays from.' },
  op_underfunded: { reason: 'The app wallet does not hold enough to pay this reward.', next: 'Fund it, then retry.' },
  op_no_destination: { reason: "The user's wallet does not exist on the blockchain." },
  tx_bad_auth: { reason: "The blockchain refused the app wallet's signature.", next: 'An admin must check the app wallet the console signs with.' },
  tx_failed: { reason: 'The blockchain refused the transaction.' },
  payment_not_found: { reason: 'The platform no longer knows this payment.', next: 'A person must look at it: the console will not create it again.' },
  transaction_not_verified: { reason: 'The platform did not verify the transaction.', next: 'A person must look at it.' },
  other_transaction_linked: { reason: 'The platform linked another transaction to this payment.', next: 'A person must look at it.' },
  payment_cancelled: { reason: 'The payment was cancelled on the platform before it completed.' },
  cancelled_by_staff: { reason: 'Cancelled by staff before any money moved.' },
  requester_cannot_pay: {
    reason: 'Withdrawn: the staff member who asked for it may no longer pay rewards (disabled, or given a role that does not pay). Nothing was paid.',
    next: 'Ask again if it should still be paid.',
  },
  reward_in_progress: { reason: 'The console is still paying it: the reward shows how far it got, and it goes on by itself.' },
};
