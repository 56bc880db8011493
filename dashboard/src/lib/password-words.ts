import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLengthProblem } from '../../../common/password-rules.ts';

export const passwordHint = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A passphrase of several words is easy to type and hard to guess.`;

/** What is wrong with a new password, in words for staff, or null when it will be accepted. */
export function newPasswordProblem(password: string): string | null {
  const problem = passwordLengthProblem(password);
  if (problem === 'too_short') return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (problem === 'too_long') return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}
