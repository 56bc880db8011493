import { fromScaled } from '../../../common/amount.ts';
import { scaledFromDouble } from '../../../common/double-amount.ts';
import { amountProblem } from '../../../common/payable-amount.ts';
import { CannotHealError } from '../domain/cannot-heal-error.ts';

/** A JSON number from the wire as its exact decimal string, to the nearest stroop (at most 7 places, no exponent). */
export function amountFromWire(value: number): string {
  return fromScaled(scaledFromDouble(value));
}

/** A decimal string as the JSON number to send; refused for good when the number would not carry it exactly. */
export function amountToWire(value: string): number {
  const problem = amountProblem(value);
  if (problem) throw new CannotHealError('unpayable_amount', problem);
  return Number(value);
}
