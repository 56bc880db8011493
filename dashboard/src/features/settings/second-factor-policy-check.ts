import { roles } from '../../lib/roles.ts';
import type { NewSecondFactorPolicy } from './api/second-factor-policy.ts';

export type PolicyField = keyof NewSecondFactorPolicy;

/** The form's fields by the labels it shows, so that any refusal names them as the admin sees them. */
export const policyLabels: Record<PolicyField, string> = {
  requiredRoles: 'Roles that must have a second factor',
  graceDays: 'Days to set one up',
  sandboxExempt: 'Sandbox demo accounts',
  stepUpMinutes: 'Minutes a check lasts before money moves',
};

export type PolicyProblems = Partial<Record<PolicyField, string>>;

function wholeNumber(form: FormData, name: 'graceDays' | 'stepUpMinutes', problems: PolicyProblems): number {
  const text = String(form.get(name) ?? '').trim();
  if (!/^\d+$/.test(text)) problems[name] = `${policyLabels[name]}: enter a whole number, like ${name === 'graceDays' ? '7' : '5'}.`;
  return Number(text);
}

/** Reads the policy form: the policy to save, or what to fix first; the server checks the ranges. */
export function checkPolicy(form: FormData): { policy: NewSecondFactorPolicy } | { problems: PolicyProblems } {
  const problems: PolicyProblems = {};
  const requiredRoles = roles.filter((role) => form.getAll('requiredRoles').includes(role));
  const graceDays = wholeNumber(form, 'graceDays', problems);
  const stepUpMinutes = wholeNumber(form, 'stepUpMinutes', problems);
  if (Object.keys(problems).length > 0) return { problems };
  return { policy: { requiredRoles, graceDays, sandboxExempt: form.get('sandboxExempt') === 'on', stepUpMinutes } };
}
