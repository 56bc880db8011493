import { AMOUNT_DECIMALS } from '../platform/amount.ts';

const SCALE = 10n ** BigInt(AMOUNT_DECIMALS);

/** A decimal string ("12.5", or the store's "12.5000000") as an integer of 10⁻⁷ units: sums and comparisons stay exact. */
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
