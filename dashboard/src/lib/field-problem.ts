import { ApiRequestError } from './api-client.ts';

/** A refused input, for the form to show under it: which field, and the server's words naming it by its label. */
export interface FieldProblem<Name extends string> {
  name: Name;
  message: string;
}

/**
 * The field a refusal names (`graceDays`, or a part of it such as `requiredRoles.2`), among the
 * form's `labels`; the server's "graceDays: …" then reads "Grace period (days): …". Null for any other error.
 */
export function fieldProblemOf<Name extends string>(error: Error | null, labels: Record<Name, string>): FieldProblem<Name> | null {
  if (!(error instanceof ApiRequestError) || error.field === null) return null;
  const { field, message } = error;
  const name = (Object.keys(labels) as Name[]).find((candidate) => field === candidate || field.startsWith(`${candidate}.`));
  if (name === undefined) return null;
  const problem = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  return { name, message: `${labels[name]}: ${problem}` };
}
