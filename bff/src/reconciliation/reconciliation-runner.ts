import type { Clock } from '../clock.ts';
import type { PaymentImporter } from '../payments/payment-import.ts';
import { matchPage } from './chain-matching.ts';
import { knowledgeOfPage } from './memo-payments.ts';
import type { PaymentChecks } from './payment-checks.ts';
import type { ReconciliationChain } from './reconciliation-chain.ts';
import { net, type WalletMovements } from './wallet-movements.ts';
import type { WalletHistoryStore } from './wallet-history-store.ts';

/** Horizon's largest page. */
export const PAGE_SIZE = 200;

export interface RunResult {
  /** The wallet's payment operations read and recorded by this run. */
  transactionsRead: number;
  /** Exceptions this run found that were not known before. */
  exceptionsFound: number;
}

export interface RunnerDeps {
  chain: ReconciliationChain;
  store: WalletHistoryStore;
  checks: PaymentChecks;
  movements: WalletMovements;
  importer: PaymentImporter;
  clock: Clock;
  /** Names this process on the reading's lease. */
  instanceId: string;
  /** A U2A payment paid on the chain and not completed this long after is `paid_not_completed`. */
  stuckAfterMinutes: number;
  pageSize?: number;
  /** Aborted when the process stops: the run ends after the page it is on, which commits with its cursor. */
  stopping?: AbortSignal;
}

/**
 * Reads the wallet's history from the stored cursor to its end, a page at a time; each page and the
 * cursor past it commit together, and no store transaction is open during a read. One runner at a
 * time across instances holds the reading by a lease row on the database's clock (rather than a
 * PostgreSQL advisory lock, which would pin a pooled connection for the whole run and does not exist
 * apart from a session): a page commits only while its runner's lease holds, so a runner that was
 * paused past its lease cannot move the cursor back, and one killed mid-run is replaced when its
 * lease ends, from the last page it committed.
 */
export class ReconciliationRunner {
  private current: Promise<RunResult | null> | null = null;

  constructor(private readonly deps: RunnerDeps) {}

  /** A run now, or the one under way in this process; null when another instance holds the reading. */
  run(): Promise<RunResult | null> {
    this.current ??= this.runOnce().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  /** At a stop, for a run still under way at its deadline: its lease is given up. */
  releaseLease(): Promise<void> {
    return this.deps.store.giveUp(this.deps.instanceId);
  }

  private async runOnce(): Promise<RunResult | null> {
    const { store, clock, instanceId: owner } = this.deps;
    const place = await store.claim(owner);
    if (!place) return null;
    try {
      const startedAt = clock.now();
      const read = await this.readToEnd(place.cursor, owner);
      if (this.deps.stopping?.aborted) return { transactionsRead: read.count, exceptionsFound: read.exceptions };
      const checked = await this.checkPayments(startedAt);
      if (place.historyOpeningStroops === null) await this.anchorHistory(read.cursor, owner);
      return { transactionsRead: read.count, exceptionsFound: read.exceptions + checked };
    } finally {
      await store.release(owner, clock.now());
    }
  }

  private async readToEnd(from: string | null, owner: string): Promise<{ cursor: string | null; count: number; exceptions: number }> {
    const { chain, store, importer, clock, pageSize = PAGE_SIZE } = this.deps;
    let cursor = from;
    let count = 0;
    let exceptions = 0;
    for (;;) {
      const page = await chain.paymentsAfter(cursor, pageSize);
      const last = page.at(-1);
      if (last === undefined) break;
      const knowledge = await knowledgeOfPage(page, chain.address, { store, importer });
      const now = clock.now();
      exceptions += await store.recordPage(owner, matchPage(page, knowledge, now), last.pagingToken, now);
      cursor = last.pagingToken;
      count += page.length;
      if (page.length < pageSize || this.deps.stopping?.aborted) break;
    }
    return { cursor, count, exceptions };
  }

  /** The checks that start from payments: completed without their transaction, paid and not completed. */
  private async checkPayments(startedAt: Date): Promise<number> {
    const { checks, store, importer, chain, clock, stuckAfterMinutes } = this.deps;
    let found = await store.recordExceptions(await checks.missingOnChain(chain.address, startedAt), clock.now());
    const readBefore = new Date(clock.now().getTime() - stuckAfterMinutes * 60_000);
    const stale = await checks.paidNotCompletedIds(readBefore);
    if (stale.length > 0) {
      // The index may be behind: the platform says whether they are completed by now.
      await importer.runAll(stale, 'reconciliation');
      found += await store.recordExceptions(await checks.paidNotCompletedExceptions(readBefore, stuckAfterMinutes), clock.now());
    }
    return found;
  }

  /**
   * The balance before the first listed operation, once: the balance now, less what the history read
   * moved, taken when nothing lands after the cursor between reading the balance and checking.
   */
  private async anchorHistory(cursor: string | null, owner: string): Promise<void> {
    const { chain, store, movements } = this.deps;
    const { balanceStroops } = await chain.account();
    if ((await chain.paymentsAfter(cursor, 1)).length > 0) return;
    await store.setHistoryOpening(owner, balanceStroops - net(await movements.over()));
  }
}
