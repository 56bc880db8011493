import type { z } from 'zod';

/** Where an upstream's answer first departs from its schema, for an `invalid_response` message: ` (payment.amount: …)`. */
export function shapeProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : '';
}
