import { newPasswordProblem } from '../../lib/password-words.ts';

export interface NewPasswordProblems {
  password?: string;
  confirmation?: string;
}

/** Reads the two new-password fields; the password when both agree and it is acceptable, otherwise what is wrong. */
export function checkNewPassword(form: FormData): { password: string } | { problems: NewPasswordProblems } {
  const password = String(form.get('newPassword') ?? '');
  const confirmation = String(form.get('confirmation') ?? '');
  const problem = newPasswordProblem(password);
  if (problem) return { problems: { password: problem } };
  if (password !== confirmation) return { problems: { confirmation: 'The two passwords differ.' } };
  return { password };
}
