import { isFinalState } from '../../../../common/payment-states.ts';
import { paymentStates } from '../../components/payment/payment-states.ts';

/**
 * Where each count leads: the table it counts, filtered as the Payments and Ads pages read their
 * URLs. The query strings are written as those pages write them, so a card's link is the same view.
 */
function pathWith(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

export const incompletePath = '/incomplete';

/** User-to-app payments with a verified transaction that the app never completed: each blocks its user. */
export const stuckUserPaymentsPath = pathWith('/payments', { direction: 'user_to_app', state: 'awaiting_completion' });

/** Approved payments without a transaction whose state has not moved for `minutes`. */
export function approvedWithoutTransactionPath(minutes: number): string {
  return pathWith('/payments', { state: 'awaiting_transaction', staleMinutes: String(minutes) });
}

/** Every payment that is neither completed nor cancelled. */
export const movingPaymentsPath = pathWith('/payments', { state: paymentStates.filter((state) => !isFinalState(state)).join(',') });

/** Today's ad checks (since midnight UTC, as the server counts them) with one verdict. */
export function adsCheckedTodayPath(reward: 'yes' | 'no', now: Date = new Date()): string {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return pathWith('/ads', { reward, from: midnight.toISOString() });
}

/** The Rewards page, whose "Waiting for approval" lists what waits for the signed-in approver. */
export const awaitingApprovalPath = '/rewards';

/** Reconciliation exceptions nobody has acknowledged yet. */
export const openExceptionsPath = pathWith('/reconciliation', { state: 'open' });
