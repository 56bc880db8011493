import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.ts';
import type { BatchStore } from './batch-store.ts';
import type { CreateWait } from './create-wait.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { RewardPipeline } from './reward-pipeline.ts';
import type { RewardRow } from './reward-store.ts';

export interface BatchRunnerOptions {
  store: BatchStore;
  pipeline: RewardPipeline;
  createWait: CreateWait;
  logger: Logger;
  instanceId: string;
  /** Rows paid side by side (for different users) by this instance. */
  concurrency?: number;
  intervalMs?: number;
}

/**
 * Starts the rows of running batches, each through the single-reward pipeline, under a lease taken
 * with SKIP LOCKED so that several instances share a batch. At most `concurrency` at once, never two
 * for one user; one at a time for a batch once the platform shows the per-app ongoing-payment rule
 * (a row blocked by another user's payment); none while the platform asks to wait (429: `createWait`,
 * which the pipeline, and so every other driver of rewards, obeys too).
 */
export class BatchRunner {
  private readonly driving = new Map<string, { batchId: string; drive: Promise<unknown> }>();
  private readonly oneAtATime = new Set<string>();
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

  /** What a row's drive says of the platform's rules: one at a time under the per-app rule. */
  private async learnFrom(batchId: string, row: RewardRow): Promise<void> {
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
