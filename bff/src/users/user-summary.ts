import { and, count, desc, eq, inArray, notInArray, or, sql, sum } from 'drizzle-orm';
import { FINAL_STATES, type PaymentState } from '../../../common/payment-states.ts';
import { auditEventView } from '../audit/audit-query.ts';
import { nameAuditEvents, type NamedAuditEvent } from '../audit/audit-subjects.ts';
import { readUserNames, type UserNames, type WithUserNames } from '../store/app-user-names.ts';
import type { Database } from '../store/database.ts';
import { auditEvents, payments, rewards } from '../store/schema.ts';
import { selectIndexedPayments } from '../payments/payment-query.ts';
import { trimAmount, viewOfRow, type IndexedPaymentView } from '../payments/payment-view.ts';

/** How many payments of one direction and state, and how much they add up to. */
export interface UserPaymentTotal {
  direction: 'user_to_app' | 'app_to_user';
  state: PaymentState;
  count: number;
  /** Decimal string, exact. */
  amount: string;
}


export interface UserSummary {
  uid: string;
  /** The app's names of the user; null when it named them nothing. */
  userNames: UserNames | null;
  /** The user's wallet as their latest payment names it (the sender of a U2A, the recipient of an A2U); null before any. */
  walletAddress: string | null;
  totals: UserPaymentTotal[];
  /** Payments that can still move: an unfinished one blocks the user's next payment of its direction. */
  blocking: Array<WithUserNames<IndexedPaymentView>>;
  /** What staff did to the user's payments and rewards, and each call that named this user alone, as the audit log has it (with the names its sentences need), newest first. */
  staffActions: NamedAuditEvent[];
}

const STAFF_ACTION_LIMIT = 100;
const BLOCKING_LIMIT = 20;

/** What the console knows of one user, from its own index and audit log: no platform call. */
export class UserSummaries {
  constructor(private readonly db: Database) {}

  async of(uid: string): Promise<UserSummary> {
    const [names, wallet, totals, blocking, staffActions] = await Promise.all([readUserNames(this.db, [uid]), this.wallet(uid), this.totals(uid), this.blocking(uid), this.staffActions(uid)]);
    const userNames = names.get(uid) ?? null;
    return { uid, userNames, walletAddress: wallet, totals, blocking: blocking.map((payment) => ({ ...payment, userNames })), staffActions };
  }

  private async wallet(uid: string): Promise<string | null> {
    const [latest] = await this.db
      .select({ address: sql<string>`CASE WHEN ${payments.direction} = 'user_to_app' THEN ${payments.fromAddress} ELSE ${payments.toAddress} END` })
      .from(payments)
      .where(eq(payments.userUid, uid))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return latest?.address || null;
  }

  private async totals(uid: string): Promise<UserPaymentTotal[]> {
    const rows = await this.db
      .select({ direction: payments.direction, state: payments.state, count: count(), amount: sum(payments.amount) })
      .from(payments)
      .where(eq(payments.userUid, uid))
      .groupBy(payments.direction, payments.state)
      .orderBy(payments.direction, payments.state);
    return rows.map((row) => ({ ...row, amount: trimAmount(row.amount ?? '0') }));
  }

  private async blocking(uid: string): Promise<IndexedPaymentView[]> {
    const rows = await selectIndexedPayments(this.db)
      .where(and(eq(payments.userUid, uid), notInArray(payments.state, [...FINAL_STATES])))
      .orderBy(desc(payments.createdAt))
      .limit(BLOCKING_LIMIT);
    return rows.map(viewOfRow);
  }

  private async staffActions(uid: string): Promise<NamedAuditEvent[]> {
    const paymentTargets = this.db.select({ target: sql<string>`'payment:' || ${payments.id}` }).from(payments).where(eq(payments.userUid, uid));
    const rewardTargets = this.db.select({ target: sql<string>`'reward:' || ${rewards.id}` }).from(rewards).where(eq(rewards.uid, uid));
    const rows = await this.db
      .select()
      .from(auditEvents)
      .where(or(inArray(auditEvents.target, paymentTargets), inArray(auditEvents.target, rewardTargets), eq(auditEvents.target, `user:${uid}`)))
      .orderBy(desc(auditEvents.id))
      .limit(STAFF_ACTION_LIMIT);
    return nameAuditEvents(this.db, rows.map(auditEventView));
  }
}
