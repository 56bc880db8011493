import { newPasswordProblem } from '../../lib/password-words.ts';
import { roles } from '../../lib/roles.ts';
import type { NewStaffMember } from './api/create-staff.ts';

// The shape the server's check accepts in practice: something@domain.tld, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  if (!email) problems.email = 'Enter their email address.';
  else if (!EMAIL_SHAPE.test(email)) problems.email = `“${email}” is not a valid email address (like name@example.com).`;
  const passwordProblem = withPassword ? newPasswordProblem(password) : null;
  if (passwordProblem) problems.password = passwordProblem;
  if (Object.keys(problems).length > 0) return { problems };

  return { member: withPassword ? { name, email, role, password } : { name, email, role } };
}
