import { badRequest } from './errors.ts';

const DECIMALS = 7;
const MAX_STROOPS = 2n ** 63n - 1n; // the chain stores amounts as int64 stroops (1e-7)
// String(number) of a positive finite number: digits, optional fraction, optional exponent.
const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** The amount in stroops, read from the number's shortest decimal text (no float arithmetic), or null when it has more than 7 decimals. */
export function toStroops(value: number): bigint | null {
  const match = NUMBER_TEXT.exec(String(value));
  if (match === null) return null;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const decimals = fraction.length - Number(exponent);
  if (decimals > DECIMALS) return null;
  return BigInt(whole + fraction + '0'.repeat(DECIMALS - decimals));
}

/** A payment amount: a JSON number > 0 with at most 7 decimals that fits the chain's int64 stroops. */
export function checkAmount(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw badRequest('invalid_amount', 'amount must be a number greater than 0');
  }
  const stroops = toStroops(value);
  if (stroops === null) throw badRequest('invalid_amount', `amount must have at most ${DECIMALS} decimal places`);
  if (stroops > MAX_STROOPS) throw badRequest('invalid_amount', 'amount is larger than the chain can hold');
  return value;
}

const STROOPS_PER_UNIT = 10n ** BigInt(DECIMALS);
const DECIMAL_TEXT = /^(\d+)(?:\.(\d{1,7}))?$/;

/** Stroops as Horizon writes amounts: always 7 decimals, e.g. "100.0000000". */
export function formatStroops(stroops: bigint): string {
  const sign = stroops < 0n ? '-' : '';
  const magnitude = stroops < 0n ? -stroops : stroops;
  return `${sign}${magnitude / STROOPS_PER_UNIT}.${String(magnitude % STROOPS_PER_UNIT).padStart(DECIMALS, '0')}`;
}

/** A non-negative decimal text of at most 7 places (as stellar-sdk writes operation amounts) in stroops. */
export function stroopsFromDecimal(text: string): bigint {
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) throw new RangeError(`not a decimal amount: ${text}`);
  const [, whole = '', fraction = ''] = match;
  return BigInt(whole) * STROOPS_PER_UNIT + BigInt(fraction.padEnd(DECIMALS, '0'));
}

export const units = (count: number): bigint => BigInt(count) * STROOPS_PER_UNIT;
