import type { RequestOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { AuthService } from './auth-service.ts';
import type { PasskeyAssertions } from './passkey-assertions.ts';
import { PasskeyFailure } from './passkey-ceremony.ts';
import type { AuthenticationResponse } from './passkey-schemas.ts';

export interface PasskeySignInDeps {
  assertions: PasskeyAssertions;
  auth: AuthService;
  audit: AuditLog;
}

/**
 * Signing in with a passkey alone, for the passkeys their owner set up for it: the passkey is held
 * (one factor) and unlocked by the person's PIN or biometrics (the other), so no password is asked.
 */
export class PasskeySignIn {
  constructor(private readonly deps: PasskeySignInDeps) {}

  async signIn(
    response: AuthenticationResponse,
    origin: RequestOrigin,
    previousSessionHash: string | null,
  ): Promise<{ staff: SignedInStaff; sessionId: string; expiresAt: Date; checkedAt: Date | null }> {
    const { assertions, auth, audit } = this.deps;
    try {
      const used = await assertions.verifySignIn(response);
      // Both factors were given at once: the session starts with its second factor checked.
      return await auth.openSession(used.staff, origin, previousSessionHash, { state: 'verified' }, { method: 'passkey', passkey: used.id, name: used.name });
    } catch (error) {
      if (!(error instanceof PasskeyFailure)) throw error;
      const details = { method: 'passkey', reason: error.reason, ...(error.passkeyId ? { passkey: error.passkeyId } : {}) };
      await audit.append({ ...origin, action: 'session.sign_in', target: null, outcome: 'failed', details });
      throw error.toRefusal('unauthenticated', 'invalid_passkey');
    }
  }
}
