import type { RequestOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { Refusal, refusal } from '../domain/refusal.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { Database } from '../store/database.ts';
import type { RecoveryCodes } from './recovery-codes.ts';
import type { SecondFactorVerifiers } from './second-factor-verifiers.ts';
import type { Sessions } from './sessions.ts';
import type { TotpFactor } from './totp-factor.ts';

export interface SecondFactorEnrolmentDeps {
  db: Database;
  audit: AuditLog;
  sessions: Sessions;
  totp: TotpFactor;
  recoveryCodes: RecoveryCodes;
  verifiers: SecondFactorVerifiers;
}

const WRONG_FIRST_CODE = 'That is not the code the app shows for this key; check the app has the key, then enter the code it shows now.';

/**
 * A staff member's own second factors: adding an authenticator app (a secret, then a first code),
 * removing it, and new recovery codes. Secrets and codes are in the answers and nowhere else.
 */
export class SecondFactorEnrolment {
  constructor(private readonly deps: SecondFactorEnrolmentDeps) {}

  async startTotp(member: SignedInStaff, origin: RequestOrigin): Promise<{ secret: string; uri: string }> {
    const { db, audit, totp } = this.deps;
    const entry = { ...origin, action: 'totp.start' as const, target: `staff:${member.id}` };
    const started = await db.transaction(async (tx) => {
      const pending = await totp.start(member.id, member.email, tx);
      if (pending) await audit.append({ ...entry, outcome: 'ok' }, tx);
      return pending;
    });
    if (started) return started;
    await audit.append({ ...entry, outcome: 'refused', details: { reason: 'totp_enrolled' } });
    throw refusal('conflict', 'totp_enrolled', 'You have an authenticator app already; remove it before adding another.');
  }

  /**
   * Confirms the app with its first code and answers fresh recovery codes. That code is a second
   * factor checked in this session, and no session of the member is held to enrolling any more.
   */
  async confirmTotp(member: SignedInStaff, sessionHash: string, code: string, origin: RequestOrigin): Promise<{ recoveryCodes: string[] }> {
    const { db, audit, totp, sessions, recoveryCodes } = this.deps;
    const entry = { ...origin, action: 'totp.confirm' as const, target: `staff:${member.id}` };
    try {
      return await db.transaction(async (tx) => {
        const confirmed = await totp.confirm(member.id, code, tx);
        if (!confirmed.ok) {
          if (confirmed.reason === 'not_enrolled') throw refusal('conflict', 'no_totp_pending', 'There is no authenticator app waiting for its first code; start adding one first.');
          throw refusal('rejected', 'wrong_code', WRONG_FIRST_CODE);
        }
        const codes = await recoveryCodes.replace(member.id, tx);
        await sessions.recordFactorChecked(sessionHash, tx);
        await sessions.clearEnrolBy(member.id, tx);
        await audit.append({ ...entry, outcome: 'ok', details: { recoveryCodes: codes.length } }, tx);
        return { recoveryCodes: codes };
      });
    } catch (error) {
      if (error instanceof Refusal) await audit.append({ ...entry, outcome: 'failed', details: { reason: error.code } });
      throw error;
    }
  }

  /** Removes one's authenticator app; with no other second factor left, the recovery codes go too. */
  async removeTotp(member: SignedInStaff, origin: RequestOrigin): Promise<void> {
    const { db, audit, totp, recoveryCodes, verifiers } = this.deps;
    const entry = { ...origin, action: 'totp.remove' as const, target: `staff:${member.id}` };
    const removed = await db.transaction(async (tx) => {
      if ((await verifiers.countsOfOne(member.id, tx)).totp === 0) return false;
      await totp.removeAllOf(member.id, tx);
      const left = await verifiers.countsOfOne(member.id, tx);
      if (!verifiers.hasFactor(left)) await recoveryCodes.removeAllOf(member.id, tx);
      await audit.append({ ...entry, outcome: 'ok', details: { recoveryCodesRemoved: !verifiers.hasFactor(left) } }, tx);
      return true;
    });
    if (!removed) throw refusal('not_found', 'no_totp', 'You have no authenticator app to remove.');
  }

  /** New recovery codes in place of the old ones, for a member with a second factor. */
  async newRecoveryCodes(member: SignedInStaff, origin: RequestOrigin): Promise<{ recoveryCodes: string[] }> {
    const { db, audit, recoveryCodes, verifiers } = this.deps;
    const codes = await db.transaction(async (tx) => {
      if (!verifiers.hasFactor(await verifiers.countsOfOne(member.id, tx))) return null;
      const fresh = await recoveryCodes.replace(member.id, tx);
      await audit.append({ ...origin, action: 'recovery_codes.generate', target: `staff:${member.id}`, outcome: 'ok', details: { recoveryCodes: fresh.length } }, tx);
      return fresh;
    });
    if (!codes) throw refusal('conflict', 'no_second_factor', 'Recovery codes stand in for a second factor; add an authenticator app first.');
    return { recoveryCodes: codes };
  }
}
