/** The chain keeps 7 decimal places: an amount is a whole number of stroops (10⁻⁷). */
export const AMOUNT_DECIMALS = 7;

const SCALE = 10n ** BigInt(AMOUNT_DECIMALS);

/** The most the chain can hold: its amounts are int64 stroops. */
export const MAX_SCALED_AMOUNT = 2n ** 63n - 1n;

/** Digits, at most one point, at most 7 decimal places, no sign or exponent ("1e3" is not one). */
const DECIMAL_AMOUNT = /^(0|[1-9]\d{0,14})(\.\d{1,7})?$/;

/** A decimal amount, checked on the text and never as a float. */
export function isDecimalAmount(value: string): boolean {
  return DECIMAL_AMOUNT.test(value);
}

/** A decimal amount above zero: some digit is not 0. */
export function isPositiveAmount(value: string): boolean {
  return isDecimalAmount(value) && /[1-9]/.test(value);
}

/** A decimal string ("12.5", or the store's "12.5000000") as an integer of stroops: sums and comparisons stay exact. */
export function toScaled(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(AMOUNT_DECIMALS, '0').slice(0, AMOUNT_DECIMALS));
}

/** The scaled integer back as a plain decimal string, without trailing zeros. */
export function fromScaled(units: bigint): string {
  const whole = units / SCALE;
  const fraction = (units % SCALE).toString().padStart(AMOUNT_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** Stroops as a decimal string with all 7 places, signed ("-2.5000000"): how the wallet's figures are shown. */
export function fixedAmount(units: bigint): string {
  const magnitude = units < 0n ? -units : units;
  const fraction = (magnitude % SCALE).toString().padStart(AMOUNT_DECIMALS, '0');
  return `${units < 0n ? '-' : ''}${magnitude / SCALE}.${fraction}`;
}
