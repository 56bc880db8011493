import { AMOUNT_DECIMALS, isPositiveAmount } from '../../../common/amount.ts';
import { amountProblem } from '../../../common/payable-amount.ts';

/** What is wrong with an amount typed into a form to pay (a reward, a refund): its shape in the form's words, then the chain's and the platform's limits in the server's words; null when it will do. */
export function amountFieldProblem(amount: string): string | null {
  if (!amount) return 'Enter an amount, such as 1.25.';
  if (isPositiveAmount(amount)) return amountProblem(amount);
  if (/^\d+\.\d{8,}$/.test(amount)) return `At most ${AMOUNT_DECIMALS} decimal places.`;
  if (/^[0.]+$/.test(amount)) return 'The amount must be greater than 0.';
  return 'Enter the amount as digits with at most one point, such as 1.25: no sign, comma, spaces or exponent.';
}
