/**
 * A decimal amount as the platform takes it, checked on the text and never as a float: digits, at
 * most one point, at most 7 decimal places, no sign or exponent ("1e3" is not one).
 */
const DECIMAL_AMOUNT = /^(0|[1-9]\d{0,14})(\.\d{1,7})?$/;

export const AMOUNT_DECIMALS = 7;

export function isDecimalAmount(value: string): boolean {
  return DECIMAL_AMOUNT.test(value);
}

/** A decimal amount above zero: some digit is not 0. */
export function isPositiveAmount(value: string): boolean {
  return isDecimalAmount(value) && /[1-9]/.test(value);
}
