import { REWARD_CODE_WORDS } from '../../../../common/reward-code-words.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

/**
 * What the platform's refusal codes mean, in plain words for staff. The console's server passes
 * a refusal on with the platform's own code (and the platform's answer in `upstream`). The refusals
 * of a payment to a user (no such user, no wallet, …) are worded once, with the codes a reward ends with.
 */
const paymentRefusals: Record<string, string> = {
  payment_tx_present: 'A blockchain transaction is recorded for this payment, so it cannot be cancelled; complete it instead.',
  already_completed: 'This payment is already completed; it cannot be cancelled or completed again.',
  cancelled_payment: 'This payment is cancelled; a cancelled payment cannot be completed or cancelled again.',
  payment_not_found: 'No payment with this id on the platform.',
  not_verified: 'The platform has not verified this payment\u2019s blockchain transaction yet; it can be completed once it is verified.',
  txid_mismatch: 'The transaction id does not match the transaction the platform recorded for this payment.',
  verification_failed: 'The platform could not verify the blockchain transaction: its memo, amount or addresses do not match the payment.',
  missing_txid: 'Completing needs the transaction id, and none was sent.',
  missing_param: 'The platform says a required value was missing from the request.',
  forbidden: 'The platform does not allow the app to do this to this payment.',
  invalid_arguments: 'The platform refused the request as malformed.',
  unknown_error: 'The platform failed with an error it did not explain.',
};

/** The console server's own codes for why an action did not go through. */
const consoleRefusals: Record<string, string> = {
  not_completable: 'This payment cannot be completed now: it needs a verified blockchain transaction and must be neither completed nor cancelled.',
  payment_not_found: 'No payment with this id on the platform.',
  upstream_timeout: 'The Platform API did not answer in time. The action may or may not have happened: reload the payment before trying again.',
  upstream_unreachable: 'The Platform API could not be reached, so nothing was changed. Try again in a moment.',
  upstream_rate_limited: 'The Platform API is rate-limiting the console. Nothing was changed; try again in a moment.',
  upstream_error: 'The Platform API failed while handling the request. Reload the payment to see whether anything changed.',
  upstream_auth_failed: 'The Platform API did not accept the console\u2019s server key. An admin has to fix the console\u2019s configuration.',
  upstream_invalid_response: 'The Platform API answered with something the console cannot read. Reload the payment to see whether anything changed.',
  forbidden: 'Your role may not do this.',
  invalid_input: 'The console server refused the request as malformed.',
  network_error: 'The console server could not be reached. Check your connection and try again.',
};

function platformRefusal(code: string): string | undefined {
  return paymentRefusals[code] ?? REWARD_CODE_WORDS[code]?.reason;
}

/** The plain explanation of a refused or failed action, or null when the code is not one the console knows. */
export function refusalExplanation(error: Error): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const { code } = error;
  // `forbidden` is both the platform's refusal and the console's own "your role may not".
  const platform = platformRefusal(code);
  if (error.upstream && platform) return platform;
  return consoleRefusals[code] ?? platform ?? null;
}

/**
 * The plain explanation of a code in a bulk run's result line, or null when the console does not
 * know it. There the platform's refusals come first: its `forbidden` is about the payment, not the role.
 */
export function resultCodeExplanation(code: string): string | null {
  return platformRefusal(code) ?? consoleRefusals[code] ?? null;
}
