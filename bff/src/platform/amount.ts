import { fromScaled, isDecimalAmount } from '../../../common/amount.ts';
import { scaledFromDouble } from '../../../common/double-amount.ts';

/** A JSON number from the wire as its exact decimal string, to the nearest stroop (at most 7 places, no exponent). */
export function amountFromWire(value: number): string {
  return fromScaled(scaledFromDouble(value));
}

/**
 * A decimal string as the JSON number to send. The shortest round-trip form of a
 * double reproduces any decimal of at most 15 significant digits exactly.
 */
export function amountToWire(value: string): number {
  if (!isDecimalAmount(value)) throw new RangeError(`not a decimal amount: ${value}`);
  return Number(value);
}
