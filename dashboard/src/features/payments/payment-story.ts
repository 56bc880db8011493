import { amountWithCurrency } from '../../lib/format-amount.ts';
import { paymentDirectionLabels, paymentStateWords } from '../../components/payment/payment-states.ts';
import type { LedgerTime } from './api/get-ledger-time.ts';
import type { Payment, TimelineEntry } from './api/get-payment.ts';
import type { StoryPart } from '../../display/story/story-parts.ts';
import type { UserNames } from '../../components/user/user-names.ts';

/** The page's title: how much, which way and where it stands, e.g. "12.5 Plat Testnet · App to user · Completed". */
export function paymentTitle(payment: Pick<Payment, 'amount' | 'network' | 'direction' | 'state'>): string {
  return [amountWithCurrency(payment.amount, payment.network), paymentDirectionLabels[payment.direction], paymentStateWords[payment.state]].join(' · ');
}

/** A staff member's action on the payment that took effect, as the audit log has it: who and when. */
function staffDid(timeline: readonly TimelineEntry[], action: 'payment.cancel' | 'payment.complete'): { by: string; at: string } | null {
  const done = timeline.filter((entry) => entry.kind === 'staff_action' && (entry.action === action || entry.action === `${action}.settled`) && entry.outcome === 'ok');
  const last = done.sort((a, b) => a.at.localeCompare(b.at)).at(-1);
  return last?.kind === 'staff_action' ? { by: last.actor ?? 'a staff member no longer known', at: last.at } : null;
}

/** When the transaction entered the ledger and which ledger, as far as it is known: " on <time> (ledger 1000000)". */
function onLedger(ledger: LedgerTime | undefined): StoryPart[] {
  if (ledger?.status !== 'read') return [];
  return [' on ', { time: ledger.at }, ...(ledger.ledger === null ? [] : [` (ledger ${ledger.ledger})`])];
}

/** What a paid payment says about the time of its transaction when the ledger could not tell. */
function ledgerUnknown(ledger: LedgerTime | undefined): StoryPart[] {
  return ledger?.status === 'unavailable' ? [' (when could not be read from the ledger)'] : [];
}

function paid(payment: Payment, user: StoryPart, ledger: LedgerTime | undefined): StoryPart[] {
  const when = [...onLedger(ledger), ...ledgerUnknown(ledger)];
  return payment.direction === 'app_to_user' ? ['Paid to ', user, ...when] : ['Paid to the app by ', user, ...when];
}

function cancelled(payment: Payment, timeline: readonly TimelineEntry[]): StoryPart[] {
  const noMoney = payment.transaction ? '' : ' before anything was paid';
  const staff = staffDid(timeline, 'payment.cancel');
  if (staff) return [`Cancelled by ${staff.by} on `, { time: staff.at }, `${noMoney}.`];
  // An unapproved user-to-app payment is cancelled by the platform when the app does not approve it in time.
  if (!payment.status.developer_approved) return [`Cancelled before the app approved it${payment.transaction ? '' : '; nothing was paid'}.`];
  return [`Cancelled by the app${noMoney}.`];
}

/**
 * What happened to the payment, in one sentence, from the payment, its timeline and the ledger time of
 * its transaction (undefined while it is read): who paid whom and when, or what it is waiting for;
 * the user by the app's `names` of them when it has some.
 */
export function paymentStory(payment: Payment, timeline: readonly TimelineEntry[], ledger: LedgerTime | undefined, names: UserNames | null = null): StoryPart[] {
  const user = { user: payment.user_uid, names };
  const toUser = payment.direction === 'app_to_user';
  const created = { time: payment.created_at };
  switch (payment.state) {
    case 'completed': {
      const staff = staffDid(timeline, 'payment.complete');
      if (!payment.transaction) return ['Completed on the platform, with no transaction recorded.'];
      return [...paid(payment, user, ledger), ...(staff ? ['; completed by ', staff.by, ' on ', { time: staff.at }] : []), '.'];
    }
    case 'awaiting_completion':
      return [...paid(payment, user, ledger), '; the platform verified it, but nobody has completed it yet.'];
    case 'transaction_unverified':
      return [toUser ? 'Transaction sent to ' : 'Transaction sent by ', user, ...onLedger(ledger), '; the platform has not verified it yet.'];
    case 'awaiting_transaction':
      return toUser ? ['Created for ', user, ' on ', created, '; waiting for the app’s transaction.'] : ['Started by ', user, ' on ', created, ' and approved; waiting for their transaction.'];
    case 'awaiting_approval':
      return toUser ? ['Created for ', user, ' on ', created, '; waiting for approval.'] : ['Started by ', user, ' on ', created, '; waiting for the app to approve it.'];
    case 'cancelled':
      return cancelled(payment, timeline);
    case 'cancelled_by_user':
      return ['Cancelled by ', user, payment.transaction ? '.' : toUser ? ' before the app paid them.' : ' before paying.'];
  }
}
