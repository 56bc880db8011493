import { asc, eq, notInArray } from 'drizzle-orm';
import { FINAL_STATES } from '../../../common/payment-states.ts';
import type { Logger } from '../logger.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { Database } from '../store/database.ts';
import { payments, paymentSyncs } from '../store/schema.ts';
import type { PaymentImporter } from './payment-import.ts';

const TICK_MS = 5_000;

/**
 * Keeps moving payments fresh: a few seconds after each round it re-fetches the payments that are not
 * in a final state, oldest sync first, within `perMinute`. Reads only, so two instances doing it at
 * once is harmless.
 */
export class PaymentRefresher {
  private readonly periodic: PeriodicTask;

  constructor(private readonly deps: { db: Database; importer: PaymentImporter; logger: Logger; perMinute: number }) {
    this.periodic = new PeriodicTask(TICK_MS, () => this.tick(), (error) => deps.logger.warn('payment refresh failed', { error }));
  }

  start(): void {
    if (this.deps.perMinute > 0) this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One round: answers how many payments it re-fetched. */
  async tick(): Promise<number> {
    const batch = Math.max(1, Math.floor((this.deps.perMinute * TICK_MS) / 60_000));
    const due = await this.deps.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(paymentSyncs, eq(paymentSyncs.paymentId, payments.id))
      .where(notInArray(payments.state, [...FINAL_STATES]))
      .orderBy(asc(paymentSyncs.lastSyncedAt))
      .limit(batch);
    if (due.length > 0) await this.deps.importer.runAll(due.map((row) => row.id), 'refresh');
    return due.length;
  }
}
