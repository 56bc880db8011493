import { randomUUID } from 'node:crypto';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { Refusal, refusal } from '../domain/refusal.ts';
import type { Transaction } from '../store/executor.ts';
import { readBatchCsv, type CsvFile } from './batch-csv-reader.ts';
import { batchResultsCsv } from './batch-results-csv.ts';
import { checkBatchRows } from './batch-row-check.ts';
import type { BatchRowFacet } from './batch-row-facets.ts';
import type { BatchRow, BatchState, BatchStore } from './batch-store.ts';
import { batchResultView, batchView, type BatchNoteView, type BatchResultView, type BatchView } from './batch-view.ts';
import { unseenUserWarnings } from './unseen-user-warnings.ts';
import { lookAlikeWarnings } from './look-alike-warnings.ts';
import type { LookAlikes } from '../rewards/look-alikes.ts';
import type { PayoutGate } from '../approvals/payout-gate.ts';
import type { PayoutIntent } from '../rewards/payout-intent.ts';
import type { RewardLimits } from '../rewards/reward-limits.ts';
import type { RewardFunds } from '../rewards/reward-funds.ts';
import type { Logger } from '../logger.ts';
import { userNamesOf } from '../store/app-user-names.ts';
import type { KnownUsers } from '../users/known-users.ts';
import { fromScaled } from '../../../common/amount.ts';

/** How many flagged rows a preview lists; the results CSV has them all. */
const NOTES_SHOWN = 500;
const RESULTS_PAGE = 1_000;

export interface BatchPreview {
  batch: BatchView;
  /** The first rows with a problem (not paid) or a warning (paid, worth a look), in file order. */
  notes: BatchNoteView[];
}

/** Reward batches: upload and preview, then start, pause, resume, cancel, approve and reject; each row is paid as a single reward. */
export class BatchService {
  constructor(
    private readonly deps: {
      store: BatchStore;
      limits: RewardLimits;
      gate: PayoutGate;
      lookAlikes: LookAlikes;
      knownUsers: KnownUsers;
      audit: AuditLog;
      clock: Clock;
      /** The observed time between ledgers; null without a wallet, or while Horizon does not answer. */
      ledgerMs: () => Promise<number | null>;
      /** The wallet's funds check; null without an app wallet. */
      funds: RewardFunds | null;
      logger: Logger;
    },
  ) {}

  /** Reads and checks the CSV and keeps it for the preview; nothing goes upstream. */
  async upload(body: ReadableStream<Uint8Array> | null, { fileName, staffId, origin }: { fileName: string | null; staffId: string; origin: AuditOrigin }): Promise<BatchPreview> {
    return this.create(await readBatchCsv(body), { fileName, retryOf: null, staffId, origin });
  }

  /**
   * The failed rows of a batch as a new batch, previewed again against today's limits; rows a refusal
   * proved no retry can pay (no such user, no wallet shared) are left out.
   */
  async retryFailed(id: string, staffId: string, origin: AuditOrigin): Promise<BatchPreview> {
    const { batch } = await this.record(id);
    const failed = await this.deps.store.failedRows(id);
    if (failed.length === 0) {
      const { leftOut } = await this.deps.store.failedCounts(id);
      if (leftOut > 0) throw refusal('conflict', 'nothing_to_retry', 'No failed row of this batch can be paid by a retry: each was refused because the platform knows no such user or the user has not shared a wallet with the app.');
      throw refusal('conflict', 'nothing_to_retry', 'No row of this batch failed.');
    }
    const records = failed.map((row) => ({ line: row.line, cells: [row.uid, row.amount, row.memo, JSON.stringify(row.metadata ?? {})] }));
    return this.create({ hasMetadata: true, records }, { fileName: batch.fileName, retryOf: id, staffId, origin });
  }

  async get(id: string): Promise<BatchPreview> {
    const record = await this.record(id);
    const notes = await this.deps.store.notes(id, NOTES_SHOWN);
    return { batch: await this.view(record.batch.id), notes: notes.map(({ row: { line, uid, problems, warnings }, userNames }) => ({ line, uid, userNames: userNamesOf(userNames), problems, warnings })) };
  }

  async results(id: string, page: { afterLine: number; limit: number; facet?: BatchRowFacet | null }): Promise<{ rows: BatchResultView[]; nextAfter: number | null }> {
    await this.record(id);
    const { limit } = page;
    const rows = (await this.deps.store.results(id, page)).map(batchResultView);
    return { rows, nextAfter: rows.length === limit ? (rows.at(-1)?.line ?? null) : null };
  }

  async resultsCsv(id: string, origin: AuditOrigin): Promise<AsyncIterable<string>> {
    await this.record(id);
    await this.deps.audit.append({ ...origin, action: 'reward_batch.export', target: `reward_batch:${id}`, outcome: 'ok' });
    return batchResultsCsv(this.resultPages(id));
  }

  /**
   * Turns the valid rows into rewards in one transaction that passes the batch through the payout gate:
   * above the approval threshold the batch (and its rewards) wait for a second person.
   */
  async start(id: string, origin: AuditOrigin): Promise<BatchView> {
    const { store, gate } = this.deps;
    const now = this.deps.clock.now();
    const shortfall = await this.shortfallToPay((await this.record(id)).batch);
    const started = await gate.audited(origin, { action: 'reward.payout_refused', target: `reward_batch:${id}`, details: { batchId: id } }, () =>
      store.transition(id, {
        from: ['previewed'],
        to: 'running',
        audit: { ...origin, action: 'reward_batch.start' },
        then: async (tx: Transaction, batch: BatchRow) => {
          if (batch.validCount === 0) throw refusal('conflict', 'no_valid_rows', 'This batch has no valid row to pay.');
          const admitted = await gate.admit(tx, batchIntent(batch));
          await store.insertRewards(tx, batch, admitted);
          return admitted.awaitsApproval ? { state: 'awaiting_approval', startedAt: now, approvalAsked: true } : { ...runningOrNeedsFunds(shortfall), startedAt: now };
        },
      }),
    );
    return this.after(id, started, 'started');
  }

  /** A second manager or admin lets a batch above the threshold go on, through the payout gate; never the one who uploaded it. */
  async approve(id: string, staffId: string, origin: AuditOrigin): Promise<BatchView> {
    const { store, gate } = this.deps;
    const shortfall = await this.shortfallToPay((await this.record(id)).batch);
    const approved = await gate.audited(origin, { action: 'reward_batch.approve', target: `reward_batch:${id}` }, () =>
      store.transition(id, {
        from: ['awaiting_approval'],
        to: 'running',
        audit: { ...origin, action: 'reward_batch.approve' },
        then: async (tx, batch) => {
          await gate.approve(tx, { ...batchIntent(batch), approvedBy: null }, staffId);
          await store.moveRewards(tx, id, { move: 'batch_approve', code: null, approvedBy: staffId });
          // Paying starts now, not when it was asked for: the rate and the time left count from here.
          return { ...runningOrNeedsFunds(shortfall), approvedBy: staffId, startedAt: this.deps.clock.now() };
        },
      }),
    );
    return this.after(id, approved, 'approved');
  }

  /**
   * A second manager or admin turns down a batch awaiting approval, with a reason its requester reads:
   * the batch and its rows end rejected, and none is ever paid. Never by its requester, who withdraws it instead.
   */
  async reject({ id, staffId, reason, origin }: { id: string; staffId: string; reason: string; origin: AuditOrigin }): Promise<BatchView> {
    const { store, gate } = this.deps;
    const now = this.deps.clock.now();
    const rejected = await gate.audited(origin, { action: 'reward_batch.reject', target: `reward_batch:${id}` }, () =>
      store.transition(id, {
        from: ['awaiting_approval'],
        to: 'rejected',
        audit: { ...origin, action: 'reward_batch.reject', details: { reason } },
        then: async (tx, batch) => {
          gate.decidedByAnother(batch.requestedBy, staffId, 'reject');
          await store.moveRewards(tx, id, { move: 'batch_reject', code: null, rejection: { by: staffId, reason } });
          return { rejectedBy: staffId, rejectedAt: now, rejectionReason: reason };
        },
      }),
    );
    return this.after(id, rejected, 'rejected');
  }

  async pause(id: string, origin: AuditOrigin): Promise<BatchView> {
    return this.after(id, await this.deps.store.transition(id, { from: ['running'], to: 'paused', audit: { ...origin, action: 'reward_batch.pause' } }), 'paused');
  }

  async resume(id: string, origin: AuditOrigin): Promise<BatchView> {
    return this.after(id, await this.deps.store.transition(id, { from: ['paused'], to: 'running', audit: { ...origin, action: 'reward_batch.resume' }, then: async () => ({ needsFunds: null }) }), 'resumed');
  }

  /**
   * Stops the rows not started yet; rows in flight finish. A batch awaiting approval is withdrawn, with
   * its rows, and only by the staff member who uploaded it.
   */
  async cancel(id: string, staffId: string, origin: AuditOrigin): Promise<BatchView> {
    const { store, audit } = this.deps;
    try {
      const cancelled = await store.transition(id, {
        from: ['previewed', 'awaiting_approval', 'running', 'paused'],
        to: 'cancelled',
        audit: { ...origin, action: 'reward_batch.cancel' },
        then: async (tx, batch) => {
          if (batch.state === 'awaiting_approval' && batch.requestedBy !== staffId) {
            throw refusal('forbidden', 'not_your_request', 'Only the staff member who uploaded this batch can withdraw it while it awaits approval.');
          }
          await store.moveRewards(tx, id, { move: 'batch_withdraw', code: 'cancelled_by_staff' });
          await store.cancelNotStarted(tx, id);
        },
      });
      return await this.after(id, cancelled, 'cancelled');
    } catch (error) {
      if (error instanceof Refusal && error.code === 'not_your_request') {
        await audit.append({ ...origin, action: 'reward_batch.cancel', target: `reward_batch:${id}`, outcome: 'refused', details: { code: error.code } });
      }
      throw error;
    }
  }

  private async create(file: CsvFile, { fileName, retryOf, staffId, origin }: { fileName: string | null; retryOf: string | null; staffId: string; origin: AuditOrigin }): Promise<BatchPreview> {
    const limits = await this.deps.limits.get();
    const { rows, totals } = checkBatchRows(file, limits.perRewardCap);
    await lookAlikeWarnings(this.deps.lookAlikes, rows);
    const unseenUsers = await unseenUserWarnings(this.deps.knownUsers, rows);
    const id = randomUUID();
    await this.deps.store.create({ id, staffId, fileName, retryOf, rows, totals: { ...totals, unseenUsers }, audit: { ...origin, action: retryOf ? 'reward_batch.retry_failed' : 'reward_batch.upload' } });
    return this.get(id);
  }

  private async after(id: string, moved: BatchRow | null, verb: string): Promise<BatchView> {
    if (!moved) {
      const { batch } = await this.record(id);
      throw refusal('conflict', 'not_allowed_now', `A batch that is ${stateWords(batch.state)} cannot be ${verb}.`);
    }
    return this.view(id);
  }

  private async record(id: string) {
    const record = await this.deps.store.find(id);
    if (!record) throw refusal('not_found', 'batch_not_found', 'No reward batch with this id.');
    return record;
  }

  private async view(id: string): Promise<BatchView> {
    const record = await this.record(id);
    const notStarted = record.batch.state === 'previewed' || record.batch.state === 'awaiting_approval';
    const [counts, blocked, failedRows, ledgerMs, beforeStart] = await Promise.all([
      this.deps.store.stateCounts(id),
      this.deps.store.blockedCount(id),
      this.deps.store.failedCounts(id),
      this.deps.ledgerMs(),
      notStarted ? this.beforeStart(record.batch) : null,
    ]);
    return batchView(record, { counts, blocked, failedRows, ledgerMs, ...beforeStart, now: this.deps.clock.now() });
  }

  /** What a batch not started yet will meet: the wallet's funds and fees, and whether a second person must approve it. */
  private async beforeStart(batch: BatchRow): Promise<{ shortfallToStart: bigint | null; baseFee: bigint | null; approvalThreshold: string | null }> {
    const [shortfallToStart, baseFee, limits] = await Promise.all([
      this.estimate('the funds check', () => this.shortfallToPay(batch)),
      this.estimate('the network fee', (funds) => funds.baseFee()),
      this.deps.limits.get(),
    ]);
    // Once it waits for approval the threshold has done its work; a later change of it does not undo that.
    return { shortfallToStart, baseFee, approvalThreshold: batch.state === 'previewed' ? limits.approvalThreshold : null };
  }

  /** What the wallet lacks to pay the batch's rows and fees beside all accepted work; 0n without a wallet to check. */
  private async shortfallToPay(batch: BatchRow): Promise<bigint> {
    return (await this.deps.funds?.shortfallOf({ amount: batch.totalAmount, rewards: batch.validCount })) ?? 0n;
  }

  /** A figure read from the wallet and Horizon for the preview; null without a wallet or when Horizon does not answer: an estimate never fails a page. */
  private async estimate<T>(what: string, read: (funds: RewardFunds) => Promise<T>): Promise<T | null> {
    const { funds, logger } = this.deps;
    if (!funds) return null;
    try {
      return await read(funds);
    } catch (error) {
      logger.warn(`${what} could not be read from Horizon; the preview leaves it out`, { error });
      return null;
    }
  }

  private async *resultPages(id: string): AsyncGenerator<BatchResultView[]> {
    let after = 0;
    for (;;) {
      const page = (await this.deps.store.results(id, { afterLine: after, limit: RESULTS_PAGE })).map(batchResultView);
      if (page.length === 0) return;
      yield page;
      after = page.at(-1)?.line ?? after;
    }
  }
}

/** A batch the wallet cannot pay waits, paused, saying what it lacks; the runner starts it once funded. */
function runningOrNeedsFunds(shortfall: bigint): { state: BatchState; needsFunds: string | null } {
  return shortfall > 0n ? { state: 'paused', needsFunds: fromScaled(shortfall) } : { state: 'running', needsFunds: null };
}

function batchIntent(batch: BatchRow): Omit<PayoutIntent, 'approvedBy'> {
  return { requestedBy: batch.requestedBy, spend: { largest: batch.largestAmount, total: batch.totalAmount } };
}

function stateWords(state: BatchState): string {
  return state.replace('_', ' ');
}
