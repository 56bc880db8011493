import { z } from 'zod';
import { fromScaled, isPositiveAmount, toScaled } from '../../../common/amount.ts';

const AMOUNT_RULE = 'must be a decimal string greater than 0 with at most 7 decimal places, such as "1.25"';

/** An amount (a reward's, a limit's): a decimal string, never a JSON number (a float would lose digits on the way). */
export const amountSchema = z
  .string({ error: AMOUNT_RULE })
  .trim()
  .refine(isPositiveAmount, AMOUNT_RULE)
  // "1.50" and "1.5" are the same amount, and the same request.
  .transform((value) => fromScaled(toScaled(value)));
