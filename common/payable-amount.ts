import { AMOUNT_DECIMALS, fromScaled, isPositiveAmount, MAX_SCALED_AMOUNT, toScaled } from './amount.ts';
import { scaledFromDouble, scaledFromNumberText } from './double-amount.ts';

/** The largest amount the chain can hold, as a decimal string. */
export const MAX_AMOUNT = fromScaled(MAX_SCALED_AMOUNT);

/**
 * Why the console cannot pay this amount exactly, or null when it can. The chain holds int64 stroops.
 * The platform takes the amount as a JSON number, a double: the text on the wire is the double's
 * shortest form, and the console reads the platform's answer to the nearest stroop; both must give the
 * amount back, or the platform's payment and the ledger's transaction would not agree.
 */
export function amountProblem(amount: string): string | null {
  if (!isPositiveAmount(amount)) return `${amount} is not a decimal amount greater than 0 with at most ${AMOUNT_DECIMALS} decimal places`;
  const scaled = toScaled(amount);
  if (scaled > MAX_SCALED_AMOUNT) return `${amount} is more than the chain can hold (at most ${MAX_AMOUNT})`;
  const double = Number(amount);
  const sent = String(double);
  if (scaledFromNumberText(sent) !== scaled) return `${amount} cannot be sent exactly: the platform would receive ${sent}`;
  const readBack = scaledFromDouble(double);
  if (readBack !== scaled) return `${amount} cannot be sent exactly: as a JSON number it reads back as ${fromScaled(readBack)}`;
  return null;
}
