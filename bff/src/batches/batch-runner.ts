import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { BatchStore } from './batch-store.ts';
import type { CreateWait } from '../rewards/create-wait.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { RewardPipeline } from '../rewards/reward-pipeline.ts';
import type { RewardRow } from '../rewards/reward-row.ts';
import { NEEDS_FUNDS } from '../../../common/reward-code-words.ts';
import type { RewardFunds } from '../rewards/reward-funds.ts';
import { fromScaled } from '../../../common/amount.ts';

export interface BatchRunnerOptions {
  store: BatchStore;
  pipeline: RewardPipeline;
  createWait: CreateWait;
  clock: Clock;
  logger: Logger;
  instanceId: string;
  /** The wallet's funds check; null without an app wallet. */
  funds: RewardFunds | null;
  /** Rows paid side by side (for different users) by this instance. */
  concurrency?: number;
  intervalMs?: number;
}

/** Asked of the funds check: does the work already accepted fit? */
const NOTHING_MORE = { amount: '0', rewards: 0 };

/**
 * Starts the rows of running batches, each through the single-reward pipeline, under a lease taken
 * with SKIP LOCKED so that several instances share a batch. At most `concurrency` at once, never two
 * for one user; one at a time for a batch once the platform shows the per-app ongoing-payment rule
 * (a row blocked by another user's payment); none while the platform asks to wait (429: `createWait`,
 * which the pipeline, and so every other driver of rewards, obeys too). A row the app wallet cannot
 * pay pauses its batch, which goes on by itself once the wallet can.
 */
export class BatchRunner {
  private readonly driving = new Map<string, { batchId: string; drive: Promise<unknown> }>();
  private readonly oneAtATime = new Set<string>();
  /** When the runner last asked whether a batch paused for funds can go on. */
  private readonly fundsAskedAt = new Map<string, number>();
  private readonly task: PeriodicTask;

  constructor(private readonly options: BatchRunnerOptions) {
    this.task = new PeriodicTask(options.intervalMs ?? 250, () => this.fill(), (error) => options.logger.error('batch rows could not be claimed', { error }));
  }

  start(): Promise<void> {
    return this.task.start({ runNow: true });
  }

  tick(): Promise<void> {
    return this.task.run();
  }

  async stop(): Promise<void> {
    await this.task.stop();
    await Promise.allSettled([...this.driving.values()].map((entry) => entry.drive));
  }

  private async fill(): Promise<void> {
    const { store, concurrency = 8 } = this.options;
    await store.finishDone();
    await this.resumeFunded();
    if ((await this.options.createWait.remainingMs()) > 0) return;
    for (const batchId of await store.running()) {
      const limit = this.oneAtATime.has(batchId) ? 1 : concurrency;
      const free = Math.min(limit - this.drivingFor(batchId), concurrency - this.driving.size);
      if (free <= 0) continue;
      const owner = `${this.options.instanceId}:batch:${randomUUID()}`;
      for (const id of await store.claim(batchId, owner, free)) this.drive(batchId, id, owner);
    }
  }

  private drive(batchId: string, id: string, owner: string): void {
    const drive = this.options.pipeline
      .drive(id, owner)
      .then((row) => row && this.learnFrom(batchId, row))
      .catch((error: unknown) => this.options.logger.error('batch row could not be driven', { rewardId: id, error }))
      .finally(() => {
        this.driving.delete(id);
        void this.tick();
      });
    this.driving.set(id, { batchId, drive });
  }

  /** Batches paused for funds go on once the wallet can pay all accepted work, or say again what they lack (asked at most once per the funds check's `recheckMs` each). */
  private async resumeFunded(): Promise<void> {
    const { store, funds } = this.options;
    if (!funds) return;
    for (const batchId of await store.pausedForFunds()) {
      const askedAt = this.fundsAskedAt.get(batchId) ?? -Infinity;
      if (this.options.clock.monotonicMs() - askedAt < (await funds.recheckMs())) continue;
      this.fundsAskedAt.set(batchId, this.options.clock.monotonicMs());
      const shortfall = await funds.shortfallOf(NOTHING_MORE);
      // Still short: the figure is the one read now (a row paid on the chain but not yet recorded as
      // completed is counted twice for a moment when the batch pauses; the next check says it right).
      if (shortfall > 0n) {
        await store.updateShortfall(batchId, fromScaled(shortfall));
        continue;
      }
      await store.resumeFunded(batchId);
      this.options.logger.info('the app wallet can pay again: the batch goes on', { batchId });
    }
  }

  /** What a row's drive says: the wallet cannot pay it (pause the batch), or one at a time under the per-app rule. */
  private async learnFrom(batchId: string, row: RewardRow): Promise<void> {
    if (row.errorCode === NEEDS_FUNDS && row.state === 'requested' && this.options.funds) {
      // What all accepted work lacks, this batch's rows included: the batch goes on once that is paid in.
      const shortfall = await this.options.funds.shortfallOf(NOTHING_MORE);
      if (shortfall > 0n && (await this.options.store.pauseForFunds(batchId, fromScaled(shortfall)))) {
        this.fundsAskedAt.set(batchId, this.options.clock.monotonicMs());
        this.options.logger.warn('the app wallet cannot pay the next row: the batch is paused until it can', { batchId, rewardId: row.id, shortfall: fromScaled(shortfall) });
      }
      return;
    }
    if (row.errorCode === 'ongoing_payment_found' && row.blockedBy && !this.oneAtATime.has(batchId)) {
      const blockingUser = await this.options.store.userOfPayment(row.blockedBy);
      if (blockingUser !== null && blockingUser !== row.uid) {
        this.oneAtATime.add(batchId);
        this.options.logger.info('the platform allows one open payment per app: this batch is paid one row at a time', { batchId });
      }
    }
  }

  private drivingFor(batchId: string): number {
    let count = 0;
    for (const entry of this.driving.values()) if (entry.batchId === batchId) count++;
    return count;
  }
}
