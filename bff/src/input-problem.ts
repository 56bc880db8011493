import type { z } from 'zod';

/** What is wrong with an input, in the words the API answers: the first bad field's path, then why ("users.3.uid: …"). */
export function inputProblem(error: Pick<z.core.$ZodError, 'issues'>): string {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${field}${issue?.message ?? 'invalid input'}`;
}
