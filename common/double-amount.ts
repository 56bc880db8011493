import { AMOUNT_DECIMALS } from './amount.ts';

const SCALE = 10n ** BigInt(AMOUNT_DECIMALS);
const MANTISSA_BITS = 52n;
const EXPONENT_BIAS = 1075;
/** A JSON number's text as JavaScript writes it: digits, an optional fraction, an optional exponent ("1e-7"). */
const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * A JSON number (a double) in stroops: its exact value rounded to the nearest stroop, worked out with
 * integers on the double's bits, never with float arithmetic. A double is never exactly half a stroop
 * away from two (10⁻⁷ is not a binary fraction), so there is no tie to break.
 */
export function scaledFromDouble(value: number): bigint {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not an amount: ${value}`);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0) & ~(1n << 63n);
  const biasedExponent = Number(bits >> MANTISSA_BITS);
  const fraction = bits & ((1n << MANTISSA_BITS) - 1n);
  // value = mantissa × 2^exponent, exactly
  const mantissa = biasedExponent === 0 ? fraction : fraction | (1n << MANTISSA_BITS);
  const exponent = Math.max(biasedExponent, 1) - EXPONENT_BIAS;
  if (exponent >= 0) return (mantissa << BigInt(exponent)) * SCALE;
  const shift = BigInt(-exponent);
  return (mantissa * SCALE + (1n << (shift - 1n))) >> shift;
}

/** A number's JSON text (`String(number)`, perhaps with an exponent) in stroops; null when it has more than 7 decimal places. */
export function scaledFromNumberText(text: string): bigint | null {
  const match = NUMBER_TEXT.exec(text);
  if (match === null) return null;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const decimals = fraction.length - Number(exponent);
  if (decimals > AMOUNT_DECIMALS) return null;
  return BigInt(whole + fraction) * 10n ** BigInt(AMOUNT_DECIMALS - decimals);
}
