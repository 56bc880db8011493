import type { Payment } from '../../../../bff/src/public-types.ts';
import { paymentFlagLabels, paymentFlags } from '../../components/payment/payment-states.ts';
import { shortTxid } from '../../components/payment/transaction-link.tsx';

type Snapshot = Pick<Payment, 'status' | 'transaction'>;

const yesNo = (on: boolean) => (on ? 'yes' : 'no');

/** How the platform's listed copy differs from the payment read again just now, each in a few words. */
function differences(listed: Snapshot, current: Snapshot): string[] {
  const found: string[] = [];
  if (!listed.transaction && current.transaction) found.push(`it lists no transaction, but transaction ${shortTxid(current.transaction.txid)} is recorded`);
  else if (listed.transaction && !current.transaction) found.push('it lists a transaction the payment does not have');
  else if (listed.transaction && current.transaction && listed.transaction.verified !== current.transaction.verified) {
    found.push(`it lists the transaction as ${listed.transaction.verified ? 'verified' : 'unverified'}, but it is ${current.transaction.verified ? 'verified' : 'unverified'}`);
  }
  for (const flag of paymentFlags) {
    if (listed.status[flag] !== current.status[flag]) found.push(`it lists ${paymentFlagLabels[flag]} as ${yesNo(listed.status[flag])}, but it is ${yesNo(current.status[flag])}`);
  }
  return found;
}

/**
 * "The platform's list is stale: …" when the listed copy differs from the fresh read, else null.
 * The fix is decided on the fresh read, so this says why it may not match what the list shows.
 */
export function staleListingNote(listed: Snapshot, current: Snapshot | null): string | null {
  if (!current) return null;
  const found = differences(listed, current);
  return found.length > 0 ? `The platform's list is stale: ${found.join('; ')}.` : null;
}
