import { and, asc, eq, isNull } from 'drizzle-orm';
import type { RequestOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Passwords } from '../auth/passwords.ts';
import type { FactorCounts } from '../auth/second-factor-proof.ts';
import type { SecondFactorVerifiers } from '../auth/second-factor-verifiers.ts';
import { roleHas } from '../auth/permissions.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SetupLinks } from '../auth/setup-links.ts';
import type { Clock } from '../clock.ts';
import { refusal, type Refusal } from '../domain/refusal.ts';
import type { Role } from '../domain/roles.ts';
import type { RequesterWithdrawal } from './requester-withdrawal.ts';
import type { Database } from '../store/database.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { staff } from '../store/schema.ts';

export interface StaffView {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  passwordSet: boolean;
  createdAt: string;
  /** Which second factors they have (recovery codes are not one). */
  secondFactors: { totp: boolean; passkeys: number };
}

type StaffRow = typeof staff.$inferSelect;

function mayPay(role: Role, disabledAt: Date | null): boolean {
  return disabledAt === null && roleHas(role, 'rewards:pay');
}

function view(row: StaffRow, factors: FactorCounts | undefined): StaffView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabledAt !== null,
    passwordSet: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
    secondFactors: { totp: (factors?.totp ?? 0) > 0, passkeys: factors?.passkey ?? 0 },
  };
}

export interface NewStaff {
  email: string;
  name: string;
  role: Role;
  password?: string;
}

export interface StaffChange {
  role?: Role;
  disabled?: boolean;
  name?: string;
}

/** Staff administration. Each change commits together with its audit row. */
export class StaffService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      audit: AuditLog;
      sessions: Sessions;
      setupLinks: SetupLinks;
      passwords: Passwords;
      withdrawal: RequesterWithdrawal;
      secondFactors: SecondFactorVerifiers;
    },
  ) {}

  async list(): Promise<StaffView[]> {
    const { db, secondFactors } = this.deps;
    const rows = await db.select().from(staff).orderBy(asc(staff.name), asc(staff.email));
    const factors = await secondFactors.countsOf(rows.map((row) => row.id), db);
    return rows.map((row) => view(row, factors.get(row.id)));
  }

  /** One staff member as the list shows them, read within `executor`. */
  private async viewOf(row: StaffRow, executor: Executor): Promise<StaffView> {
    return view(row, await this.deps.secondFactors.countsOfOne(row.id, executor));
  }

  /** With a password, that is the initial one; without, a one-time setup link is returned. */
  async create(input: NewStaff, origin: RequestOrigin): Promise<{ staff: StaffView; setupLink: string | null }> {
    const { db, audit, setupLinks } = this.deps;
    const passwordHash = input.password ? await this.deps.passwords.hash(input.password) : null;
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ email: input.email, name: input.name, role: input.role, passwordHash, createdAt: this.deps.clock.now() })
        .onConflictDoNothing({ target: staff.email })
        .returning();
      if (!row) return null;
      const setupLink = passwordHash ? null : await setupLinks.create(tx, row.id);
      await audit.append(
        { ...origin, action: 'staff.create', target: `staff:${row.id}`, outcome: 'ok', details: { email: row.email, role: row.role, setupLink: setupLink !== null } },
        tx,
      );
      return { staff: view(row, undefined), setupLink };
    });
    if (!created) {
      await audit.append({ ...origin, action: 'staff.create', target: `staff:${input.email}`, outcome: 'refused', details: { reason: 'email_taken' } });
      throw refusal('conflict', 'email_taken', `A staff member with the email ${input.email} exists already.`);
    }
    return created;
  }

  /**
   * Changes role, name or disabled state. A role change or disabling ends the member's sessions; when
   * they may no longer pay, what they asked for that still waits is withdrawn in the same transaction.
   */
  async update(id: string, change: StaffChange, origin: RequestOrigin): Promise<StaffView> {
    const { db, audit, sessions, clock, withdrawal } = this.deps;
    const outcome = await db.transaction(async (tx): Promise<{ error: Refusal } | { staff: StaffView }> => {
      const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!current) return { error: refusal('not_found', 'staff_not_found', 'No staff member with this id.') };
      const disabledAt = change.disabled === undefined ? current.disabledAt : change.disabled ? (current.disabledAt ?? clock.now()) : null;
      const role = change.role ?? current.role;
      const losesAdmin = current.role === 'admin' && current.disabledAt === null && (role !== 'admin' || disabledAt !== null);
      if (losesAdmin && (await this.activeAdminCount(tx)) <= 1) {
        return { error: refusal('conflict', 'last_admin', 'An admin cannot disable or demote the last admin.') };
      }
      if (mayPay(current.role, current.disabledAt) && !mayPay(role, disabledAt)) await withdrawal.withdrawAllOf(tx, id, origin);
      const [updated] = await tx
        .update(staff)
        .set({ role, disabledAt, name: change.name ?? current.name, updatedAt: clock.now() })
        .where(eq(staff.id, id))
        .returning();
      if (!updated) return { error: refusal('not_found', 'staff_not_found', 'No staff member with this id.') };
      if (role !== current.role || (disabledAt !== null && current.disabledAt === null)) await sessions.endAllOf(id, tx);
      await audit.append(
        { ...origin, action: 'staff.update', target: `staff:${id}`, outcome: 'ok', details: { from: { role: current.role, disabled: current.disabledAt !== null }, to: { role, disabled: disabledAt !== null } } },
        tx,
      );
      return { staff: await this.viewOf(updated, tx) };
    });
    if ('error' in outcome) {
      await audit.append({ ...origin, action: 'staff.update', target: `staff:${id}`, outcome: 'refused', details: { reason: outcome.error.code } });
      throw outcome.error;
    }
    return outcome.staff;
  }

  /**
   * A locked-out member's way back: their password stops working, their sessions and earlier setup
   * links end, and a new one-time setup link is answered for the admin to pass on, all in one
   * transaction with its audit row. Not for oneself (it would sign the admin out with no way back in
   * but the link) nor for a disabled member (re-enable them first).
   */
  async resetAccess(id: string, origin: RequestOrigin): Promise<{ staff: StaffView; setupLink: string }> {
    const { db, audit, sessions, setupLinks, clock } = this.deps;
    const outcome = await db.transaction(async (tx): Promise<{ error: Refusal } | { staff: StaffView; setupLink: string }> => {
      const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!current) return { error: refusal('not_found', 'staff_not_found', 'No staff member with this id.') };
      if (origin.actor?.id === id) return { error: refusal('conflict', 'own_access', 'You cannot reset your own access: change your password from your account menu, or ask another admin.') };
      if (current.disabledAt !== null) return { error: refusal('conflict', 'staff_disabled', `${current.name} is disabled: re-enable them first, then reset their access.`) };
      const [updated] = await tx.update(staff).set({ passwordHash: null, updatedAt: clock.now() }).where(eq(staff.id, id)).returning();
      if (!updated) return { error: refusal('not_found', 'staff_not_found', 'No staff member with this id.') };
      await sessions.endAllOf(id, tx);
      await setupLinks.revokeAllOf(tx, id);
      const setupLink = await setupLinks.create(tx, id);
      await audit.append({ ...origin, action: 'staff.reset_access', target: `staff:${id}`, outcome: 'ok', details: { email: current.email } }, tx);
      return { staff: await this.viewOf(updated, tx), setupLink };
    });
    if ('error' in outcome) {
      await audit.append({ ...origin, action: 'staff.reset_access', target: `staff:${id}`, outcome: 'refused', details: { reason: outcome.error.code } });
      throw outcome.error;
    }
    return outcome;
  }

  /**
   * A member who lost their second factor: their authenticator app, recovery codes and passkeys are
   * removed and their sessions end; they enrol again at their next sign-in. Never one's own.
   */
  async resetSecondFactors(id: string, origin: RequestOrigin): Promise<StaffView> {
    const { db, audit, sessions, secondFactors } = this.deps;
    const entry = { ...origin, action: 'staff.reset_second_factors' as const, target: `staff:${id}` };
    const outcome = await db.transaction(async (tx): Promise<{ error: Refusal } | { staff: StaffView }> => {
      if (origin.actor?.id === id) return { error: refusal('forbidden', 'own_reset', 'You cannot reset your own second factors: ask another admin.') };
      const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!current) return { error: refusal('not_found', 'staff_not_found', 'No staff member with this id.') };
      const before = await secondFactors.countsOfOne(id, tx);
      await secondFactors.removeAllOf(id, tx);
      await sessions.endAllOf(id, tx);
      await audit.append({ ...entry, outcome: 'ok', details: { email: current.email, removed: before } }, tx);
      return { staff: await this.viewOf(current, tx) };
    });
    if ('error' in outcome) {
      await audit.append({ ...entry, outcome: 'refused', details: { reason: outcome.error.code } });
      throw outcome.error;
    }
    return outcome.staff;
  }

  /** Ends every session of a member (signed in somewhere they should not be). */
  async endSessionsOf(id: string, origin: RequestOrigin): Promise<void> {
    const { db, audit, sessions } = this.deps;
    const found = await db.transaction(async (tx) => {
      const [current] = await tx.select({ email: staff.email }).from(staff).where(eq(staff.id, id));
      if (!current) return false;
      await sessions.endAllOf(id, tx);
      await audit.append({ ...origin, action: 'staff.end_sessions', target: `staff:${id}`, outcome: 'ok', details: { email: current.email } }, tx);
      return true;
    });
    if (!found) throw refusal('not_found', 'staff_not_found', 'No staff member with this id.');
  }

  /** Counts active admins, locking their rows so two concurrent demotions cannot both pass the check. */
  private async activeAdminCount(tx: Transaction): Promise<number> {
    const admins = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)))
      .for('update');
    return admins.length;
  }
}

