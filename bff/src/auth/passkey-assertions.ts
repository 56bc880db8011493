import { generateAuthenticationOptions, verifyAuthenticationResponse, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { Database } from '../store/database.ts';
import type { Executor } from '../store/executor.ts';
import { passkeys, staff } from '../store/schema.ts';
import { checkClientData, PasskeyFailure } from './passkey-ceremony.ts';
import { PASSKEY_TIMEOUT_MS, type ChallengeHolder, type PasskeyChallenges } from './passkey-challenges.ts';
import type { AuthenticationResponse } from './passkey-schemas.ts';
import { bytesOfBase64url, userHandleOf } from './passkey-user.ts';
import type { RelyingParty } from './relying-party.ts';

/** What the browser needs to sign a challenge; the console asks for no extension. */
export type AuthenticationOptions = Omit<PublicKeyCredentialRequestOptionsJSON, 'extensions'>;

/** The passkey that signed, and its owner. */
export interface UsedPasskey {
  id: string;
  name: string;
  staff: SignedInStaff;
}

export interface PasskeyAssertionsDeps {
  db: Database;
  clock: Clock;
  challenges: PasskeyChallenges;
}

/** WebAuthn authentication: the options a browser signs, and the check of what it signed. */
export class PasskeyAssertions {
  constructor(private readonly deps: PasskeyAssertionsDeps) {}

  /** For a second factor or a step-up: a challenge for this session, to be signed by one of its member's passkeys. */
  async secondFactorOptions(holder: { staffId: string; sessionHash: string }, rp: RelyingParty): Promise<AuthenticationOptions> {
    const { db, challenges } = this.deps;
    const own = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.staffId, holder.staffId));
    if (own.length === 0) throw refusal('conflict', 'no_passkeys', 'You have no passkey; use another second factor.');
    const challenge = await challenges.issue('verify', holder, rp);
    return generateAuthenticationOptions({ rpID: rp.id, allowCredentials: own, challenge: bytesOfBase64url(challenge), timeout: PASSKEY_TIMEOUT_MS, userVerification: 'preferred' });
  }

  /**
   * For a passwordless sign-in: a challenge for nobody yet, signed by a passkey the browser keeps for
   * this console, with the person verified on it (PIN or biometrics) so that it stands for both factors.
   * No email is asked, so the answer never tells whether an account has passkeys.
   */
  async signInOptions(rp: RelyingParty): Promise<AuthenticationOptions> {
    const challenge = await this.deps.challenges.issue('sign_in', { staffId: null, sessionHash: null }, rp);
    return generateAuthenticationOptions({ rpID: rp.id, challenge: bytesOfBase64url(challenge), timeout: PASSKEY_TIMEOUT_MS, userVerification: 'required' });
  }

  /** Checks a passkey answer as the second factor of this session's member; throws a PasskeyFailure, which the caller audits. */
  verifySecondFactor(holder: { staffId: string; sessionHash: string }, response: AuthenticationResponse, executor: Executor): Promise<UsedPasskey> {
    return this.check(response, { purpose: 'verify', holder }, executor);
  }

  /** Checks a passwordless sign-in's answer; throws a PasskeyFailure, which the sign-in audits. */
  verifySignIn(response: AuthenticationResponse): Promise<UsedPasskey> {
    return this.check(response, { purpose: 'sign_in', holder: { staffId: null, sessionHash: null } }, this.deps.db);
  }

  /** WebAuthn's checks of an assertion: challenge, origin, a passkey of the right member, RP ID, signature, counter. */
  private async check(response: AuthenticationResponse, expected: { purpose: 'verify' | 'sign_in'; holder: ChallengeHolder }, db: Executor): Promise<UsedPasskey> {
    const { clock, challenges } = this.deps;
    const { challenge, rp } = await checkClientData(response.response.clientDataJSON, expected, challenges, db);
    const [row] = await db
      .select({ passkey: passkeys, staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role } })
      .from(passkeys)
      .innerJoin(staff, and(eq(staff.id, passkeys.staffId), isNull(staff.disabledAt)))
      .where(eq(passkeys.credentialId, response.id));
    const passwordless = expected.purpose === 'sign_in';
    if (!row || (!passwordless && row.passkey.staffId !== expected.holder.staffId)) throw new PasskeyFailure('unknown_passkey');
    const { passkey } = row;
    if (passwordless && !passkey.passwordless) throw new PasskeyFailure('not_passwordless', passkey.id);
    const userHandle = response.response.userHandle;
    if (userHandle !== undefined && userHandle !== Buffer.from(userHandleOf(passkey.staffId)).toString('base64url')) throw new PasskeyFailure('unknown_passkey');

    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: bytesOfBase64url(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: passwordless,
    }).catch((error: unknown) => {
      // The library's words for WebAuthn's counter rule (a non-zero counter must grow).
      throw new PasskeyFailure(/counter/i.test((error as Error).message) ? 'replayed' : 'not_verified', passkey.id);
    });
    if (!verified.verified) throw new PasskeyFailure('not_verified', passkey.id);
    const { newCounter } = verified.authenticationInfo;
    // The counter moves only forward, also between two answers checked at the same moment.
    const [updated] = await db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: clock.now() })
      .where(and(eq(passkeys.id, passkey.id), or(lt(passkeys.counter, newCounter), sql`${passkeys.counter} = 0 AND ${newCounter} = 0`)))
      .returning({ id: passkeys.id });
    if (!updated) throw new PasskeyFailure('replayed', passkey.id);
    return { id: passkey.id, name: passkey.name, staff: row.staff };
  }
}
