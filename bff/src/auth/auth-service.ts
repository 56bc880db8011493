import { and, eq, isNull } from 'drizzle-orm';
import type { RequestOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { Refusal, refusal } from '../domain/refusal.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { Database } from '../store/database.ts';
import { staff } from '../store/schema.ts';
import type { FirstAdminLink } from './first-admin-link.ts';
import type { Passwords } from './passwords.ts';
import type { SecondFactorKind } from './second-factor-proof.ts';
import type { SecondFactors } from './second-factors.ts';
import type { SessionRecord, Sessions } from './sessions.ts';
import type { SetupLinks } from './setup-links.ts';
import { throttledRefusal, type SignInThrottle } from './sign-in-throttle.ts';

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  sessions: Sessions;
  throttle: SignInThrottle;
  setupLinks: SetupLinks;
  firstAdminLink: FirstAdminLink;
  passwords: Passwords;
  secondFactors: SecondFactors;
}

/** A sign-in with the right password: a full session, or one that awaits a second factor of these kinds. */
export interface SignedIn {
  staff: SignedInStaff;
  sessionId: string;
  expiresAt: Date;
  secondFactorMethods: SecondFactorKind[] | null;
}

export interface SetupInput {
  token: string;
  password: string;
  email?: string;
  name?: string;
}

const WRONG_CREDENTIALS = 'The email or password is wrong.';

/** Signing in and out, and passwords: each step that changes state is committed with its audit row. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async signIn(
    email: string,
    password: string,
    origin: RequestOrigin,
    previousSessionHash: string | null,
  ): Promise<SignedIn> {
    const { db, audit, throttle, sessions, passwords, secondFactors } = this.deps;
    const attempt = { ...origin, actor: null, action: 'session.sign_in' as const, target: `staff:${email}` };
    const waitMs = await throttle.waitFor(email, origin.clientIp);
    if (waitMs > 0) {
      await audit.append({ ...attempt, outcome: 'denied', details: { reason: 'throttled' } });
      throw throttledRefusal(waitMs);
    }

    const [member] = await db.select().from(staff).where(and(eq(staff.email, email), isNull(staff.disabledAt)));
    const valid = member?.passwordHash ? await passwords.verify(password, member.passwordHash) : await passwords.verifyDummy(password);
    if (!member || !valid) {
      await throttle.recordFailure(email, origin.clientIp);
      await audit.append({ ...attempt, outcome: 'failed', details: { reason: 'wrong_credentials' } });
      throw refusal('unauthenticated', 'invalid_credentials', WRONG_CREDENTIALS);
    }

    const signedIn: SignedInStaff = { id: member.id, email: member.email, name: member.name, role: member.role };
    const { session, factor } = await db.transaction(async (tx) => {
      // A new id at every sign-in: a session id planted before sign-in never becomes a signed-in one.
      if (previousSessionHash) await sessions.end(previousSessionHash, tx);
      const next = await secondFactors.atSignIn(member, tx);
      const created = await sessions.create(member.id, { ip: origin.clientIp, userAgent: origin.userAgent }, tx, next.pending ? { state: 'pending' } : next.session);
      const details = next.pending ? { secondFactor: 'awaited' } : undefined;
      await audit.append({ ...attempt, actor: { id: member.id, email: member.email, role: member.role }, target: `staff:${member.id}`, outcome: 'ok', ...(details ? { details } : {}) }, tx);
      return { session: created, factor: next };
    });
    // While a second factor is awaited the account's failures stand: a right password must not reset the count of wrong codes.
    if (!factor.pending) await throttle.recordSuccess(email);
    return { staff: signedIn, sessionId: session.id, expiresAt: session.expiresAt, secondFactorMethods: factor.pending ? factor.methods : null };
  }

  /** One's sessions, newest first. */
  sessionsOf(staffId: string): Promise<SessionRecord[]> {
    return this.deps.sessions.listOf(staffId);
  }

  /** Ends one of one's own sessions by its public id. */
  async endOwnSession(staffId: string, id: string, origin: RequestOrigin): Promise<void> {
    const { db, sessions, audit } = this.deps;
    const ended = await db.transaction(async (tx) => {
      const found = await sessions.endOneOf(staffId, id, tx);
      if (found) await audit.append({ ...origin, action: 'session.end', target: `staff:${staffId}`, outcome: 'ok', details: { session: id } }, tx);
      return found;
    });
    if (!ended) throw refusal('not_found', 'session_not_found', 'You have no session with this id; it may have ended already.');
  }

  async signOut(sessionHash: string, origin: RequestOrigin): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.deps.sessions.end(sessionHash, tx);
      await this.deps.audit.append({ ...origin, action: 'session.sign_out', target: origin.actor ? `staff:${origin.actor.id}` : null, outcome: 'ok' }, tx);
    });
  }

  /** Changes one's own password and ends one's other sessions. */
  async changePassword(staffId: string, currentPassword: string, newPassword: string, keepSessionHash: string, origin: RequestOrigin): Promise<void> {
    const { db, audit, sessions, clock, passwords } = this.deps;
    const [member] = await db.select().from(staff).where(eq(staff.id, staffId));
    const entry = { ...origin, action: 'session.change_password' as const, target: `staff:${staffId}` };
    if (!member?.passwordHash || !(await passwords.verify(currentPassword, member.passwordHash))) {
      await audit.append({ ...entry, outcome: 'refused', details: { reason: 'wrong_password' } });
      throw refusal('rejected', 'wrong_password', 'The current password is wrong.');
    }
    const passwordHash = await passwords.hash(newPassword);
    await db.transaction(async (tx) => {
      await tx.update(staff).set({ passwordHash, updatedAt: clock.now() }).where(eq(staff.id, staffId));
      await sessions.endAllOf(staffId, tx, keepSessionHash);
      await audit.append({ ...entry, outcome: 'ok' }, tx);
    });
  }

  /**
   * Redeems a one-time link: a staff member's own link sets their password; the first-admin link
   * (printed at a live start with no staff) creates the first admin from the email and name given.
   */
  async completeSetup(input: SetupInput, origin: RequestOrigin): Promise<{ email: string }> {
    const { db, audit, setupLinks, firstAdminLink, clock, passwords } = this.deps;
    const passwordHash = await passwords.hash(input.password);
    try {
      // A refusal is thrown inside the transaction, so that it rolls back: the link stays usable.
      return await db.transaction(async (tx) => {
        const staffId = await setupLinks.consume(tx, input.token);
        let member: typeof staff.$inferSelect | undefined;
        if (staffId) {
          [member] = await tx.update(staff).set({ passwordHash, updatedAt: clock.now() }).where(eq(staff.id, staffId)).returning();
        } else if (await firstAdminLink.consume(tx, input.token)) {
          if (!input.email || !input.name) throw refusal('invalid_input', 'invalid_input', 'This link sets up the first admin: enter your email and name too.');
          [member] = await tx.insert(staff).values({ email: input.email, name: input.name, role: 'admin', passwordHash }).returning();
        }
        if (!member) throw refusal('gone', 'link_expired_or_used', 'This setup link has expired or was already used; ask an admin for a new one.');
        await audit.append({ ...origin, actor: { id: member.id, email: member.email, role: member.role }, action: 'staff.setup', target: `staff:${member.id}`, outcome: 'ok' }, tx);
        return { email: member.email };
      });
    } catch (error) {
      if (error instanceof Refusal) await audit.append({ ...origin, action: 'staff.setup', target: null, outcome: 'refused', details: { reason: error.code } });
      throw error;
    }
  }
}
