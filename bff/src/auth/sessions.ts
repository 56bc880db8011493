import { and, eq, isNull, ne } from 'drizzle-orm';
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

export interface ActiveSession {
  idHash: string;
  staff: SignedInStaff;
  idleExpiresAt: Date;
  expiresAt: Date;
}

/** Server-side sessions: the cookie holds a random id, the store only its hash. */
export class Sessions {
  private readonly readReuse = new Map<string, { session: ActiveSession; readAt: number }>();

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly settings: AuthSettings,
  ) {}

  async create(staffId: string, client: { ip: string | null; userAgent: string | null }, executor: Executor = this.db): Promise<{ id: string; expiresAt: Date }> {
    const id = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.settings.sessionAbsoluteMs);
    await executor.insert(sessions).values({
      idHash: hashToken(id),
      staffId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      clientIp: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return { id, expiresAt };
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
    const session: ActiveSession = {
      idHash,
      staff: row.staff,
      idleExpiresAt: new Date(Math.min(lastSeen + this.settings.sessionIdleMs, row.session.expiresAt.getTime())),
      expiresAt: row.session.expiresAt,
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
    for (const [idHash, { session }] of this.readReuse) {
      if (session.staff.id === staffId && idHash !== keepHash) this.readReuse.delete(idHash);
    }
    const ofStaff = eq(sessions.staffId, staffId);
    await executor.delete(sessions).where(keepHash ? and(ofStaff, ne(sessions.idHash, keepHash)) : ofStaff);
  }
}
