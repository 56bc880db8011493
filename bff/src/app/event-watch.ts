import type { AuditChainWatch } from '../system/audit-chain-watch.ts';
import { recordExpiringKeys } from '../auth/expiring-api-keys.ts';
import type { Clock } from '../clock.ts';
import type { EventFeed } from '../events/event-feed.ts';
import type { IncompleteService } from '../incomplete/incomplete-service.ts';
import type { Logger } from '../logger.ts';
import { recordStuckPayments } from '../payments/stuck-payments.ts';
import { PeriodicTask } from '../periodic-task.ts';
import type { Database } from '../store/database.ts';
import type { WalletService } from '../wallet/wallet-service.ts';

/** How often the conditions the console watches are checked. */
export const WATCH_EVERY_MS = 60_000;

export interface EventWatchDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  feed: EventFeed;
  incomplete: IncompleteService;
  wallet: WalletService;
  auditChain: AuditChainWatch;
  stuckAfterMinutes: number;
  intervalMs?: number;
}

/**
 * The periodic checks that turn what the console finds into events — a stuck payment, an incomplete
 * payment the platform lists, the wallet below its threshold, a broken audit chain, an API key about to
 * expire — each recorded once per occurrence by its check, and the pruning of events older than the
 * log keeps. One task; the server starts and stops it.
 */
export class EventWatch {
  private readonly task: PeriodicTask;

  constructor(private readonly deps: EventWatchDeps) {
    this.task = new PeriodicTask(deps.intervalMs ?? WATCH_EVERY_MS, () => this.runOnce(), (error) => deps.logger.warn('the event watch failed', { error }));
  }

  start(): Promise<void> {
    return this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** Every check once, side by side: one that fails (Horizon or the platform down) keeps none of the others from running. */
  async runOnce(): Promise<void> {
    const { db, clock, logger, feed, incomplete, wallet, auditChain, stuckAfterMinutes } = this.deps;
    const now = clock.now();
    const checks: Record<string, () => Promise<unknown>> = {
      'stuck payments': () => recordStuckPayments(db, { now, stuckAfterMinutes }),
      'incomplete payments': () => incomplete.recordListed(now),
      'low balance': () => wallet.recordLowBalance(now),
      'audit chain': () => auditChain.check(now),
      'expiring API keys': () => recordExpiringKeys(db, now),
      'event pruning': () => feed.prune(now),
    };
    const results = await Promise.allSettled(Object.values(checks).map((check) => check()));
    results.forEach((result, i) => {
      if (result.status === 'rejected') logger.warn(`the event watch could not check ${Object.keys(checks)[i]}`, { error: result.reason });
    });
  }
}
