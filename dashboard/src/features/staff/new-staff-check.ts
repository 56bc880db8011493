import { newPasswordProblem } from '../../lib/password-words.ts';
import { roles } from '../../lib/roles.ts';
import type { NewStaffMember } from './api/create-staff.ts';

export type NewStaffProblems = Partial<Record<'name' | 'email' | 'password', string>>;

/** Reads the create-staff form; the request when it is complete, otherwise what is missing. */
export function checkNewStaff(form: FormData): { member: NewStaffMember } | { problems: NewStaffProblems } {
  const name = String(form.get('name') ?? '').trim();
  const email = String(form.get('email') ?? '').trim();
  const role = roles.find((candidate) => candidate === form.get('role')) ?? 'support';
  const withPassword = form.get('firstPassword') === 'initial';
  const password = String(form.get('password') ?? '');

  const problems: NewStaffProblems = {};
  if (!name) problems.name = 'Enter their name.';
  if (!email.includes('@')) problems.email = 'Enter their email address.';
  const passwordProblem = withPassword ? newPasswordProblem(password) : null;
  if (passwordProblem) problems.password = passwordProblem;
  if (Object.keys(problems).length > 0) return { problems };

  return { member: withPassword ? { name, email, role, password } : { name, email, role } };
}
