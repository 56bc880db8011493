import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { SignedInStaff } from '../http/app-env.ts';
import type { Executor } from '../store/executor.ts';
import { sessions, staff } from '../store/schema.ts';
import type { AuthSettings } from './auth-settings.ts';
import { hashToken, newToken } from './tokens.ts';

// last_seen_at is written at most this often, so reading pages does not write on every request.
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  idHash: string;
  staff: SignedInStaff;
  idleExpiresAt: Date;
  expiresAt: Date;
}

/** Server-side sessions: the cookie holds a random id, the store only its hash. */
export class Sessions {
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

  /** The session behind a cookie value, or null when unknown, idle too long, past its end, or its staff disabled. */
  async resolve(id: string): Promise<ActiveSession | null> {
    const idHash = hashToken(id);
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
    return {
      idHash,
      staff: row.staff,
      idleExpiresAt: new Date(Math.min(lastSeen + this.settings.sessionIdleMs, row.session.expiresAt.getTime())),
      expiresAt: row.session.expiresAt,
    };
  }

  async end(idHash: string, executor: Executor = this.db): Promise<void> {
    await executor.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  /** Ends every session of a staff member, but for `keepHash` when given. */
  async endAllOf(staffId: string, executor: Executor = this.db, keepHash?: string): Promise<void> {
    const ofStaff = eq(sessions.staffId, staffId);
    await executor.delete(sessions).where(keepHash ? and(ofStaff, ne(sessions.idHash, keepHash)) : ofStaff);
  }
}
