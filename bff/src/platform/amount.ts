/** The chain keeps 7 decimal places; amounts travel as JSON numbers but live here as decimal strings. */
export const AMOUNT_DECIMALS = 7;

const DECIMAL_PATTERN = /^(0|[1-9]\d{0,14})(\.\d{1,7})?$/;

export function isDecimalAmount(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** A JSON number from the wire as its exact decimal string (at most 7 places, no exponent). */
export function amountFromWire(value: number): string {
  const fixed = value.toFixed(AMOUNT_DECIMALS);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * A decimal string as the JSON number to send. The shortest round-trip form of a
 * double reproduces any decimal of at most 15 significant digits exactly.
 */
export function amountToWire(value: string): number {
  if (!isDecimalAmount(value)) throw new RangeError(`not a decimal amount: ${value}`);
  return Number(value);
}
