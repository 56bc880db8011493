import type { Payment } from './api/get-payment.ts';

/** What a payment that is not final waits for: what is wrong, what to do, and who can. */
export interface PaymentNextStep {
  /** True when the payment will not move unless someone in the console acts; false while it waits for the user, the app or the platform. */
  stuck: boolean;
  problem: string;
  todo: string;
  who: string;
}

const ACTORS = 'Ops and admins';

function whoCan(verb: string, viewerMayAct: boolean): string {
  return viewerMayAct ? `${ACTORS} can ${verb}: you can do it here.` : `${ACTORS} can ${verb}; your role cannot, so ask one of them.`;
}

/**
 * The next step for a payment that is not final, for a viewer who may or may not act on payments;
 * null once it is completed or cancelled, when there is nothing left to do.
 */
export function paymentNextStep(payment: Pick<Payment, 'state' | 'direction'>, viewerMayAct: boolean): PaymentNextStep | null {
  const toUser = payment.direction === 'app_to_user';
  // An unfinished payment holds up the next one: the user's next purchase, or the app's next reward to the user.
  const holdsUp = toUser ? 'new rewards to this user' : 'the user’s next payment';
  switch (payment.state) {
    case 'awaiting_completion':
      return {
        stuck: true,
        problem: toUser
          ? 'The app paid the user and the platform verified the transaction, but the app never completed the payment.'
          : 'The user paid and the platform verified the transaction, but the app never completed the payment.',
        todo: `Complete it: the platform then marks it completed for good. Until then it holds up ${holdsUp}.`,
        who: whoCan('complete it now', viewerMayAct),
      };
    case 'transaction_unverified':
      return {
        stuck: false,
        problem: toUser ? 'The app sent its transaction, but the platform has not verified it yet.' : 'The user sent their transaction, but the platform has not verified it yet.',
        todo: 'This usually clears by itself within a minute; this page reads the payment again every 5 seconds. If it stays so, the transaction may not match the payment (its memo, amount or addresses): open the transaction and raise it with the platform.',
        who: 'Nobody can complete it before the platform verifies it, and the platform does not cancel a payment once a transaction is recorded.',
      };
    case 'awaiting_transaction':
      return {
        stuck: false,
        problem: toUser ? 'The app has not sent its transaction to the user yet.' : 'The app approved it; the user has not sent their transaction yet.',
        todo: toUser
          ? `A reward the console pays sends it within seconds, and its reward page says how far it got. If it stays so and no reward is paying it, cancel it: nothing has been paid, and until it ends it holds up ${holdsUp}.`
          : `Usually the user is still paying in their wallet. If they gave up, cancel it: nothing has been paid, and until it ends it holds up ${holdsUp}.`,
        who: whoCan('cancel it', viewerMayAct),
      };
    case 'awaiting_approval':
      return {
        stuck: false,
        problem: 'The app has not approved it yet.',
        todo: 'The app’s server approves it within about a minute; if it does not, the platform cancels it by itself.',
        who: viewerMayAct ? 'Nobody needs to act; you can cancel it if it should not go ahead.' : 'Nobody needs to act.',
      };
    case 'completed':
    case 'cancelled':
    case 'cancelled_by_user':
      return null;
  }
}
