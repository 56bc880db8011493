import { Badge } from '../../../components/badge.tsx';
import type { StaffMember } from '../api/get-staff.ts';

/** Which second factors a member has, in a few words: "App", "2 passkeys", "App, 1 passkey", or none. */
function secondFactorWords({ totp, passkeys }: StaffMember['secondFactors']): string | null {
  const words = [totp ? 'App' : null, passkeys > 0 ? `${passkeys} passkey${passkeys === 1 ? '' : 's'}` : null].filter(Boolean);
  return words.length > 0 ? words.join(', ') : null;
}

export function SecondFactorsCell({ member }: { member: StaffMember }) {
  const words = secondFactorWords(member.secondFactors);
  return words ? <span className="whitespace-nowrap">{words}</span> : <Badge>None</Badge>;
}
