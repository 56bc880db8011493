import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { Executor } from '../store/executor.ts';
import { sessions, staff } from '../store/schema.ts';
import type { AuthSettings } from './auth-settings.ts';
import { hashToken, newToken } from './tokens.ts';

// last_seen_at is written at most this often, so reading pages does not write on every request.
const TOUCH_INTERVAL_MS = 60_000;
// A session read from the store serves read-only requests for this long, so a page's burst of GETs
// (and every payment look-up) costs one store read. Requests that change anything always read the
// store: signing out, a role change or disabling someone stops them at once. Reads are stopped at
// once on this instance (ending a session drops it here) and within this bound on any other.
const READ_REUSE_MS = 3_000;
const READ_REUSE_MAX_ENTRIES = 1_000;
/** A session that awaits its second factor ends this long after the password was given. */
export const PENDING_SECOND_FACTOR_MS = 5 * 60_000;

/** 'pending': the password was right and a second factor is awaited; 'verified': one was checked in this session; 'none': none was. */
export type SessionFactorState = 'none' | 'pending' | 'verified';

/** What a session knows of its staff member's second factor. */
export interface SessionSecondFactor {
  state: SessionFactorState;
  /** When a second factor was last checked in this session (for step-up). */
  checkedAt: Date | null;
  /** By when the policy wanted a second factor enrolled, as it stood at sign-in; null when it did not. */
  enrolBy: Date | null;
  /** Past `enrolBy` with none checked in this session: the session may only enrol one. */
  mustEnrol: boolean;
}

export interface ActiveSession {
  idHash: string;
  /** The session's public id (never the cookie's value nor its hash). */
  id: string;
  staff: SignedInStaff;
  idleExpiresAt: Date;
  expiresAt: Date;
  secondFactor: SessionSecondFactor;
}

/** A session as its staff member's list shows it. */
export interface SessionRecord {
  id: string;
  idHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  clientIp: string | null;
  userAgent: string | null;
}

/** How a new session starts as to its second factor: by default none awaited, none checked. */
export interface NewSessionFactor {
  state: SessionFactorState;
  enrolBy?: Date | null;
}

/** Server-side sessions: the cookie holds a random id, the store only its hash. */
export class Sessions {
  private readonly readReuse = new Map<string, { session: ActiveSession; readAt: number }>();

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly settings: AuthSettings,
  ) {}

  async create(
    staffId: string,
    client: { ip: string | null; userAgent: string | null },
    executor: Executor = this.db,
    factor: NewSessionFactor = { state: 'none' },
  ): Promise<{ id: string; expiresAt: Date }> {
    const id = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + (factor.state === 'pending' ? PENDING_SECOND_FACTOR_MS : this.settings.sessionAbsoluteMs));
    await executor.insert(sessions).values({
      idHash: hashToken(id),
      staffId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      clientIp: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      secondFactor: factor.state,
      factorCheckedAt: factor.state === 'verified' ? now : null,
      enrolBy: factor.enrolBy ?? null,
    });
    return { id, expiresAt };
  }

  /**
   * A second factor was checked in this session now: a pending session becomes a full one (its
   * absolute lifetime counted from now), and step-up is fresh.
   */
  async recordFactorChecked(idHash: string, executor: Executor = this.db): Promise<void> {
    this.readReuse.delete(idHash);
    const now = this.clock.now();
    const [row] = await executor.select({ state: sessions.secondFactor, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.idHash, idHash));
    const expiresAt = row?.state === 'pending' ? new Date(now.getTime() + this.settings.sessionAbsoluteMs) : (row?.expiresAt ?? now);
    await executor.update(sessions).set({ secondFactor: 'verified', factorCheckedAt: now, enrolBy: null, expiresAt }).where(eq(sessions.idHash, idHash));
  }

  /** The staff member has enrolled a second factor: none of their sessions is held to enrolling any more. */
  async clearEnrolBy(staffId: string, executor: Executor = this.db): Promise<void> {
    this.forgetReadsOf(staffId);
    await executor.update(sessions).set({ enrolBy: null }).where(eq(sessions.staffId, staffId));
  }

  /** A staff member's sessions, newest first. */
  async listOf(staffId: string): Promise<SessionRecord[]> {
    return this.db
      .select({ id: sessions.id, idHash: sessions.idHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, clientIp: sessions.clientIp, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.staffId, staffId))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  }

  /** Ends one of a staff member's sessions by its public id; false when they have no such session. */
  async endOneOf(staffId: string, id: string, executor: Executor = this.db): Promise<boolean> {
    const ended = await executor
      .delete(sessions)
      .where(and(eq(sessions.staffId, staffId), eq(sessions.id, id)))
      .returning({ idHash: sessions.idHash });
    for (const { idHash } of ended) this.readReuse.delete(idHash);
    return ended.length > 0;
  }

  /** Like `resolve`, for a request that changes nothing: may reuse what the store said a moment ago. */
  async resolveForRead(id: string): Promise<ActiveSession | null> {
    const idHash = hashToken(id);
    const reused = this.readReuse.get(idHash);
    const now = this.clock.now().getTime();
    if (reused && now - reused.readAt < READ_REUSE_MS && now < reused.session.idleExpiresAt.getTime()) return reused.session;
    return this.resolveHash(idHash);
  }

  /** The session behind a cookie value, or null when unknown, idle too long, past its end, or its staff disabled. */
  async resolve(id: string): Promise<ActiveSession | null> {
    return this.resolveHash(hashToken(id));
  }

  /** A session read again from the store, after a change to it. */
  async reread(idHash: string): Promise<ActiveSession | null> {
    return this.resolveHash(idHash);
  }

  private async resolveHash(idHash: string): Promise<ActiveSession | null> {
    this.readReuse.delete(idHash);
    const [row] = await this.db
      .select({ session: sessions, staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role } })
      .from(sessions)
      .innerJoin(staff, and(eq(staff.id, sessions.staffId), isNull(staff.disabledAt)))
      .where(eq(sessions.idHash, idHash));
    if (!row) return null;
    const now = this.clock.now().getTime();
    const idleExpiresAt = row.session.lastSeenAt.getTime() + this.settings.sessionIdleMs;
    if (now >= idleExpiresAt || now >= row.session.expiresAt.getTime()) {
      await this.end(idHash);
      return null;
    }
    let lastSeen = row.session.lastSeenAt.getTime();
    if (now - lastSeen >= TOUCH_INTERVAL_MS) {
      lastSeen = now;
      await this.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.idHash, idHash));
    }
    const { secondFactor: state, factorCheckedAt, enrolBy } = row.session;
    const session: ActiveSession = {
      idHash,
      id: row.session.id,
      staff: row.staff,
      idleExpiresAt: new Date(Math.min(lastSeen + this.settings.sessionIdleMs, row.session.expiresAt.getTime())),
      expiresAt: row.session.expiresAt,
      secondFactor: { state, checkedAt: factorCheckedAt, enrolBy, mustEnrol: state === 'none' && enrolBy !== null && now >= enrolBy.getTime() },
    };
    this.keepForReads(session, now);
    return session;
  }

  private keepForReads(session: ActiveSession, readAt: number): void {
    if (this.readReuse.size >= READ_REUSE_MAX_ENTRIES) {
      const [oldest] = this.readReuse.keys();
      if (oldest !== undefined) this.readReuse.delete(oldest);
    }
    this.readReuse.set(session.idHash, { session, readAt });
  }

  async end(idHash: string, executor: Executor = this.db): Promise<void> {
    this.readReuse.delete(idHash);
    await executor.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  /** Ends every session of a staff member, but for `keepHash` when given. */
  async endAllOf(staffId: string, executor: Executor = this.db, keepHash?: string): Promise<void> {
    this.forgetReadsOf(staffId, keepHash);
    const ofStaff = eq(sessions.staffId, staffId);
    await executor.delete(sessions).where(keepHash ? and(ofStaff, ne(sessions.idHash, keepHash)) : ofStaff);
  }

  private forgetReadsOf(staffId: string, keepHash?: string): void {
    for (const [idHash, { session }] of this.readReuse) {
      if (session.staff.id === staffId && idHash !== keepHash) this.readReuse.delete(idHash);
    }
  }
}
