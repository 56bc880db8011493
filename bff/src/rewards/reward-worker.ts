import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { RewardPipeline } from './reward-pipeline.ts';
import type { RewardStore } from './reward-store.ts';

export interface RewardWorkerOptions {
  pipeline: RewardPipeline;
  store: RewardStore;
  logger: Logger;
  instanceId: string;
  /** Whether no other process can share the store (PGlite): then no lease found at start is alive. */
  singleProcess: boolean;
  /** How often to look for due rewards. */
  intervalMs?: number;
  /** How many rewards are driven at once; a slow one holds one slot and no more. */
  concurrency?: number;
}

/**
 * Drives every unfinished reward forward: all of them at start, then each when its back-off ends.
 * Each reward is driven under its own lease, so a stuck one never blocks the others.
 */
export class RewardWorker {
  private readonly driving = new Map<string, Promise<unknown>>();
  private readonly task: PeriodicTask;

  constructor(private readonly options: RewardWorkerOptions) {
    this.task = new PeriodicTask(options.intervalMs ?? 2_000, () => this.startDue(), (error) => options.logger.error('due rewards could not be read', { error }));
  }

  async start(): Promise<void> {
    await this.options.store.makeAllDue(this.options.singleProcess);
    await this.task.start({ runNow: true });
  }

  /** Looks for due rewards now (also used by tests instead of waiting for the timer). */
  tick(): Promise<void> {
    return this.task.run();
  }

  /** Stops looking and waits for the rewards being driven to reach their next recovery point. */
  async stop(): Promise<void> {
    await this.task.stop();
    await Promise.allSettled(this.driving.values());
  }

  /** Resolves when nothing is being driven (tests). */
  async idle(): Promise<void> {
    while (this.driving.size > 0 || this.task.underWay) {
      await this.task.underWay;
      await Promise.allSettled(this.driving.values());
    }
  }

  private async startDue(): Promise<void> {
    const { store, pipeline, logger, instanceId, concurrency = 8 } = this.options;
    const free = concurrency - this.driving.size;
    if (free <= 0) return;
    const due = await store.due(free + this.driving.size, `${instanceId}:worker`);
    for (const id of due.filter((candidate) => !this.driving.has(candidate)).slice(0, free)) {
      const drive = pipeline
        .drive(id, `${instanceId}:${randomUUID()}`)
        .catch((error: unknown) => logger.error('reward could not be driven', { rewardId: id, error }))
        .finally(() => this.driving.delete(id));
      this.driving.set(id, drive);
    }
  }
}
