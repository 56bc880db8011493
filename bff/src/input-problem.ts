import type { z } from 'zod';

/** A problem in the words the API answers: the bad field's path, then why ("users.3.uid: …"). */
export function problemAt(path: readonly PropertyKey[], problem: string): string {
  return path.length > 0 ? `${path.map(String).join('.')}: ${problem}` : problem;
}

/** What is wrong with an input: its first problem, as problemAt words it. */
export function inputProblem(error: Pick<z.core.$ZodError, 'issues'>): string {
  const issue = error.issues[0];
  return problemAt(issue?.path ?? [], issue?.message ?? 'invalid input');
}
