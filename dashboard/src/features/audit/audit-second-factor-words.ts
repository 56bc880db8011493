import type { AuditEvent } from './api/get-audit-events.ts';
import { detailText } from './audit-referents.ts';
import type { Sentence } from './audit-sentence-parts.ts';

/** Why a session was refused beyond its role (`access.denied`'s `reason`). */
export const secondFactorRefusalWords: Record<string, string> = {
  second_factor_required: 'their second factor was still awaited',
  enrolment_required: 'they must add a second factor first',
  step_up_required: 'it needed a fresh second factor (step-up)',
};

const factorNouns: Record<string, string> = { totp: 'authenticator code', recovery: 'recovery code', passkey: 'passkey' };
const refusedProofWords: Record<string, string> = { wrong: 'a wrong or expired', reused: 'an already used', malformed: 'a malformed', not_enrolled: 'an unregistered' };

/** "signed in with an authenticator code" / "gave an already used recovery code for signing in" / "was held back from a step-up …". */
export function secondFactorCheck(done: string, purpose: string, event: AuditEvent): { done: Sentence; tried: Sentence } {
  const noun = factorNouns[detailText(event, 'method') ?? ''] ?? 'second factor';
  const reason = detailText(event, 'reason');
  if (reason === 'throttled') return { done: [done], tried: [`was held back from ${purpose} after too many wrong attempts`] };
  const article = /^[aeiou]/.test(noun) ? 'an' : 'a';
  return { done: [`${done} with ${article} ${noun}`], tried: [`gave ${refusedProofWords[reason ?? ''] ?? 'a refused'} ${noun} for ${purpose}`] };
}
