import { generateRegistrationOptions, verifyRegistrationResponse, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { Database } from '../store/database.ts';
import { passkeys } from '../store/schema.ts';
import { checkClientData, PasskeyFailure } from './passkey-ceremony.ts';
import { PASSKEY_TIMEOUT_MS, type PasskeyChallenges } from './passkey-challenges.ts';
import type { RegistrationResponse } from './passkey-schemas.ts';
import type { Sessions } from './sessions.ts';
import { bytesOfBase64url, SUPPORTED_ALGORITHMS, userHandleOf } from './passkey-user.ts';
import type { RelyingParty } from './relying-party.ts';

/** What the browser needs to make a passkey; the console asks for no extension but the one the library always adds (credProps). */
export type RegistrationOptions = Omit<PublicKeyCredentialCreationOptionsJSON, 'extensions'> & { extensions?: { credProps?: boolean } };

/** A passkey as its owner sees it on their account page; never its key. */
export interface PasskeyView {
  id: string;
  name: string;
  /** Whether it signs its owner in on its own, without their password. */
  passwordless: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface NewPasskey {
  name: string;
  passwordless: boolean;
  response: RegistrationResponse;
}

export interface PasskeyChange {
  name?: string | undefined;
  passwordless?: boolean | undefined;
}

/** Who asks, in which session: a passkey is added by its owner, in a session of theirs. */
export interface Owner {
  staff: SignedInStaff;
  sessionHash: string;
}

// Enough for a phone, a laptop and a spare key each, with room; a bound keeps the options' list short.
const MAX_PASSKEYS = 20;

export interface PasskeysDeps {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  sessions: Sessions;
  challenges: PasskeyChallenges;
}

/** A staff member's own passkeys: adding one (WebAuthn registration), naming, listing and removing them. */
export class Passkeys {
  constructor(private readonly deps: PasskeysDeps) {}

  async registrationOptions(owner: Owner, rp: RelyingParty): Promise<RegistrationOptions> {
    const { db, challenges } = this.deps;
    const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.staffId, owner.staff.id));
    if (existing.length >= MAX_PASSKEYS) throw refusal('conflict', 'too_many_passkeys', `You have ${MAX_PASSKEYS} passkeys, the most one person may have; remove one first.`);
    const challenge = await challenges.issue('register', { staffId: owner.staff.id, sessionHash: owner.sessionHash }, rp);
    return generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: owner.staff.email,
      userID: userHandleOf(owner.staff.id),
      userDisplayName: owner.staff.name,
      challenge: bytesOfBase64url(challenge),
      timeout: PASSKEY_TIMEOUT_MS,
      attestationType: 'none',
      // A passkey already registered is not offered again: the browser says so instead of making a second.
      excludeCredentials: existing,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  }

  async register(owner: Owner, input: NewPasskey, origin: AuditOrigin): Promise<PasskeyView> {
    const { db, audit, clock, challenges, sessions } = this.deps;
    const entry = { ...origin, action: 'passkey.add' as const, target: `staff:${owner.staff.id}` };
    try {
      const holder = { staffId: owner.staff.id, sessionHash: owner.sessionHash };
      const { challenge, rp } = await checkClientData(input.response.response.clientDataJSON, { purpose: 'register', holder }, challenges);
      const verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      }).catch(() => ({ verified: false as const }));
      if (!verified.verified) throw new PasskeyFailure('not_verified');
      const { credential } = verified.registrationInfo;
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(passkeys)
          .values({
            staffId: owner.staff.id,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: input.name,
            passwordless: input.passwordless,
            createdAt: clock.now(),
          })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        if (!row) throw refusal('conflict', 'passkey_exists', 'This passkey is registered already.');
        // Made with the person present, the new passkey counts as a second factor checked in this session.
        await sessions.recordFactorChecked(owner.sessionHash, tx);
        await sessions.clearEnrolBy(owner.staff.id, tx);
        await audit.append({ ...entry, outcome: 'ok', details: { passkey: row.id, name: row.name, passwordless: row.passwordless } }, tx);
        return viewOf(row);
      });
    } catch (error) {
      if (error instanceof PasskeyFailure) {
        await audit.append({ ...entry, outcome: 'failed', details: { reason: error.reason, name: input.name } });
        throw error.toRefusal('rejected', 'invalid_passkey');
      }
      throw error;
    }
  }

  async list(staffId: string): Promise<PasskeyView[]> {
    const rows = await this.deps.db.select().from(passkeys).where(eq(passkeys.staffId, staffId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    return rows.map(viewOf);
  }

  async change(staffId: string, id: string, change: PasskeyChange, origin: AuditOrigin): Promise<PasskeyView> {
    const { db, audit } = this.deps;
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(passkeys).where(ownPasskey(staffId, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(passkeys)
        .set({ name: change.name ?? before.name, passwordless: change.passwordless ?? before.passwordless })
        .where(eq(passkeys.id, id))
        .returning();
      if (!after) throw notFound();
      const from = { name: before.name, passwordless: before.passwordless };
      const to = { name: after.name, passwordless: after.passwordless };
      await audit.append({ ...origin, action: 'passkey.change', target: `staff:${staffId}`, outcome: 'ok', details: { passkey: id, from, to } }, tx);
      return viewOf(after);
    });
  }

  async remove(staffId: string, id: string, origin: AuditOrigin): Promise<void> {
    const { db, audit } = this.deps;
    await db.transaction(async (tx) => {
      const [removed] = await tx.delete(passkeys).where(ownPasskey(staffId, id)).returning();
      if (!removed) throw notFound();
      await audit.append({ ...origin, action: 'passkey.remove', target: `staff:${staffId}`, outcome: 'ok', details: { passkey: id, name: removed.name } }, tx);
    });
  }
}

function ownPasskey(staffId: string, id: string) {
  return and(eq(passkeys.id, id), eq(passkeys.staffId, staffId));
}

function notFound() {
  return refusal('not_found', 'passkey_not_found', 'You have no passkey with this id.');
}

function viewOf(row: typeof passkeys.$inferSelect): PasskeyView {
  return { id: row.id, name: row.name, passwordless: row.passwordless, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}
