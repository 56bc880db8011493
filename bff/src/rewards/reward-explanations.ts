import { REWARD_CODE_WORDS } from '../../../common/reward-code-words.ts';
import type { PaymentDifference } from './payment-differences.ts';

/** A code in plain words: what happened, and what to do about it and who can (when the code says). */
export interface Explanation {
  reason: string;
  nextStep: string | null;
}

/** The code's reason and next step apart; `fallback` (the case's own words, e.g. the platform's message) when it has no fixed reason. */
export function explainApart(code: string, fallback?: string): Explanation {
  const known = REWARD_CODE_WORDS[code];
  return { reason: known?.reason ?? fallback ?? `The platform answered ${code}.`, nextStep: known?.next ?? null };
}

/** The code in one sentence or two, as a reward keeps it: the reason, then what to do when the code says. */
export function explain(code: string, fallback?: string): string {
  const { reason, nextStep } = explainApart(code, fallback);
  return nextStep ? `${reason} ${nextStep}` : reason;
}

/**
 * Why a reward was set aside before signing (code `payment_mismatch`), with the values that differ.
 * Not in REWARD_CODE_WORDS: explain() would put these fixed words in place of the case's values.
 */
export function explainPaymentMismatch(differences: readonly PaymentDifference[]): string {
  const shown = (difference: PaymentDifference, value: string | null) => (value === null ? 'none' : difference.field === 'amount' ? value : JSON.stringify(value));
  const listed = differences.map((difference) => `${difference.field} ${shown(difference, difference.reward)} on the reward, ${shown(difference, difference.platform)} on the platform`);
  return `The platform's payment is not what this reward asks for, so the console signed nothing. A person must look at it: ${listed.join('; ')}.`;
}
