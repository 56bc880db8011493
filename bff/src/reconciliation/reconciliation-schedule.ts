import { Refusal } from '../domain/refusal.ts';
import type { Logger } from '../logger.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { ReconciliationRunner, RunResult } from './reconciliation-runner.ts';
import { LeaseLost } from './wallet-history-store.ts';

/** How often the wallet is read in the background. */
export const RECONCILE_EVERY_MS = 60_000;

/** Runs reconciliation on the timer (the server starts and stops it) and on demand. */
export class ReconciliationSchedule {
  private readonly task: PeriodicTask | null;

  constructor(
    private readonly runner: ReconciliationRunner | null,
    logger: Logger,
    intervalMs = RECONCILE_EVERY_MS,
  ) {
    this.task = runner && new PeriodicTask(intervalMs, () => runner.run(), (error) => logger.error('the wallet could not be reconciled', { error }));
  }

  start(): Promise<void> {
    return this.task?.start() ?? Promise.resolve();
  }

  stop(): Promise<void> {
    return this.task?.stop() ?? Promise.resolve();
  }

  /** At a stop, for a run still under way at its deadline: its lease is given up. */
  releaseLease(): Promise<void> {
    return this.runner?.releaseLease() ?? Promise.resolve();
  }

  /** A run now (or the one under way in this process), answered when it is done. */
  async runNow(): Promise<RunResult> {
    if (!this.runner) throw new Refusal({ kind: 'conflict', code: 'no_wallet', message: 'The console has no app wallet to reconcile.' });
    const result = await this.runner.run().catch((error: unknown) => {
      // Another instance took the reading over from this run (it stalled past its lease): that one reads on.
      if (error instanceof LeaseLost) return null;
      throw error;
    });
    if (!result) throw new Refusal({ kind: 'conflict', code: 'reconciliation_running', message: 'Another instance of the console is reconciling the wallet now; try again when it is done.' });
    return result;
  }
}
