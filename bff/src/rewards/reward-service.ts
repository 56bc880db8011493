import { randomUUID } from 'node:crypto';
import { retryCanSucceed } from '../../../common/retry-hope.ts';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { auditedExport } from '../audit/audited-export.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { refusal } from '../domain/refusal.ts';
import { explain } from './reward-explanations.ts';
import { rewardsCsv } from './reward-csv.ts';
import type { RewardListRequest } from './reward-list-request.ts';
import type { Payment } from '../platform/schemas.ts';
import { REWARD_ID_METADATA_KEY } from '../../../common/limits.ts';
import { requestHashOf, type NewReward } from './reward-input.ts';
import { intentOf, type PayoutChecks } from './payout-intent.ts';
import type { RefundClaim } from './refund-claim.ts';
import type { RewardPipeline } from './reward-pipeline.ts';
import type { RewardRow, RewardState } from './reward-row.ts';
import type { RewardListQuery, RewardStore } from './reward-store.ts';
import type { RewardMoveStep } from './reward-state-writer.ts';
import { approveMove, REWARD_TRANSITIONS, retryMove } from './reward-transitions.ts';
import { rewardEventView, rewardView, type RewardEventView, type RewardView } from './reward-view.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../store/time-id-cursor.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RETRYABLE: readonly RewardState[] = ['requested', 'created', 'signed', 'submitted', 'failed'];

/**
 * How long a request waits for its reward's drive before it answers with where the reward stands. At
 * the network's pace a transaction waits for its ledger (about 5 s, and up to Horizon's 30 s or an
 * envelope's lifetime when an answer is lost), so a request does not wait for all of it: the drive
 * goes on, and the page follows the reward.
 */
export const REQUEST_ANSWER_WITHIN_MS = 3_000;

/** Paying rewards: what the routes call. Each request drives its reward as far as it goes at once; the worker does the rest. */
export class RewardService {
  /** Drives that went on after their request was answered; `stop` waits for them. */
  private readonly driving = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: {
      store: RewardStore;
      pipeline: RewardPipeline;
      gate: PayoutChecks;
      audit: AuditLog;
      clock: Clock;
      instanceId: string;
      logger: Logger;
      /** The network's pace, said on a reward waiting for its ledger; null when unknown. */
      ledgerMs: () => Promise<number | null>;
      /** How long a request waits for its drive (default REQUEST_ANSWER_WITHIN_MS). */
      answerWithinMs?: number;
    },
  ) {}

  /** Waits for the drives still going on after their requests were answered. */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.driving]);
  }

  /** At a stop: the leases this process still holds (drives every driver of it still has under way) are given up; answers how many. */
  releaseLeases(): Promise<number> {
    return this.deps.store.releaseAllHeldBy(`${this.deps.instanceId}:`);
  }

  /**
   * One reward per idempotency key and requester (a staff member or an API key): the same key with the same request answers the
   * same reward; with another request it is refused; while the first is being driven it is a conflict.
   * A new reward must fit the limits; above the approval threshold it waits for a second person. A
   * look-alike of a live reward is refused (409 `look_alike`, nothing created, the key still free)
   * unless `confirmLookAlike`. A refund (`refund`) must also fit what is left of its payment, checked
   * where the reward is inserted; that cap, not the look-alike rule, guards it.
   */
  async request({ idempotencyKey, reward, confirmLookAlike, requestedBy, origin, refund }: { idempotencyKey: string; reward: NewReward; confirmLookAlike: boolean; requestedBy: string; origin: AuditOrigin; refund?: RefundClaim }): Promise<{ reward: RewardView; created: boolean }> {
    const { store, pipeline, gate } = this.deps;
    const owner = this.newOwner();
    const hash = requestHashOf(reward);
    const admission = gate.admission({ requestedBy, spend: { largest: reward.amount, total: reward.amount } }, { ...reward, confirmed: confirmLookAlike || refund !== undefined });
    const asked = { uid: reward.uid, amount: reward.amount, ...(refund ? { refundOf: refund.paymentId } : {}) };
    const { row, inserted } = await gate.audited(origin, { action: 'reward.payout_refused', target: null, details: asked }, () =>
      store.request({ id: randomUUID(), staffId: requestedBy, key: idempotencyKey, hash, reward, owner, admission, audit: { ...origin, outcome: 'ok' }, refund }),
    );
    if (!inserted) {
      if (row.requestHash !== hash) {
        throw refusal('rejected', 'idempotency_key_reused', 'This Idempotency-Key was already used for a different reward. Use a new key for a new reward.', { rewardId: row.id });
      }
      if (await store.leasedByOther(row.id, owner)) {
        throw refusal('conflict', 'request_in_flight', 'The first request with this Idempotency-Key is still being processed; ask again in a moment.', { rewardId: row.id });
      }
      return { reward: await this.view(row.id), created: false };
    }
    if (row.state === 'requested') await this.driveForRequest(() => pipeline.drive(row.id, owner, row));
    return { reward: await this.view(row.id), created: true };
  }

  /** A second manager or admin lets a reward above the approval threshold go on, through the payout gate; never its requester. */
  async approve(id: string, staffId: string, origin: AuditOrigin): Promise<RewardView> {
    const { store, pipeline, gate } = this.deps;
    const owner = this.newOwner();
    const row = await this.leaseFor(id, owner, { states: REWARD_TRANSITIONS.approve.from, verb: 'approved' });
    try {
      if (row.batchId) throw refusal('conflict', 'part_of_batch', 'This reward is a row of a batch: approve the batch.', { batchId: row.batchId });
      const step: RewardMoveStep = { move: approveMove(row), patch: { approvedBy: staffId }, detail: { approvedBy: staffId }, audit: { ...origin, outcome: 'ok' } };
      await gate.audited(origin, { action: 'reward.approve', target: `reward:${id}` }, () => store.record(row, owner, { ...step, check: (tx) => gate.approve(tx, intentOf(row), staffId) }));
    } catch (error) {
      await store.release(id, owner);
      throw error;
    }
    await this.driveForRequest(() => pipeline.drive(id, owner));
    return this.view(id);
  }

  /**
   * A second manager or admin turns down a single reward awaiting approval, with a reason its requester
   * reads: it ends rejected and is never paid. Never by its requester, who withdraws it instead.
   */
  async reject({ id, staffId, reason, origin }: { id: string; staffId: string; reason: string; origin: AuditOrigin }): Promise<RewardView> {
    const { store, gate } = this.deps;
    const owner = this.newOwner();
    const row = await this.leaseFor(id, owner, { states: REWARD_TRANSITIONS.reject.from, verb: 'rejected' });
    try {
      if (row.batchId) throw refusal('conflict', 'part_of_batch', 'This reward is a row of a batch: reject the batch.', { batchId: row.batchId });
      const patch = { rejectedBy: staffId, rejectedAt: this.deps.clock.now(), rejectionReason: reason };
      const step: RewardMoveStep = { move: 'reject', patch, detail: { reason, rejectedBy: staffId }, audit: { ...origin, outcome: 'ok' } };
      await gate.audited(origin, { action: 'reward.reject', target: `reward:${id}` }, async () => {
        gate.decidedByAnother(row.requestedBy, staffId, 'reject');
        await store.record(row, owner, {
          ...step,
          check: async (tx) => {
            // Under the requester's lock: a reward withdrawn meanwhile (its requester may no longer pay) stays withdrawn.
            await gate.lock(tx, row.requestedBy);
            if ((await store.stateIn(tx, id)) !== 'awaiting_approval') throw refusal('conflict', 'not_allowed_now', 'This reward no longer awaits approval: it was withdrawn.');
          },
        });
      });
    } finally {
      await store.release(id, owner);
    }
    return this.view(id);
  }

  /**
   * Pays an A2U payment that has no transaction through the pipeline: the console's own reward when the
   * payment names one that made it, else a reward adopted for it through the payout gate, requested by
   * the staff member who asks (above the approval threshold it waits, unsigned). Answers the reward as
   * its drive left it. A look-alike does not stop it: the payment already exists on the platform, and
   * the person clearing it chose to pay it.
   */
  async payPayment(payment: Payment, staffId: string, origin: AuditOrigin): Promise<RewardRow> {
    const { store, pipeline, gate } = this.deps;
    const owner = this.newOwner();
    const named = payment.metadata[REWARD_ID_METADATA_KEY];
    const own = typeof named === 'string' && UUID.test(named) ? await store.get(named) : null;
    const adopted: NewReward = { uid: payment.user_uid, amount: payment.amount, memo: payment.memo, metadata: payment.metadata };
    const row =
      (own && (own.paymentId ?? payment.identifier) === payment.identifier ? own : null) ??
      (await gate.audited(origin, { action: 'reward.payout_refused', target: null, details: { paymentId: payment.identifier, uid: adopted.uid, amount: adopted.amount } }, () =>
        store.adopt({
          id: randomUUID(),
          staffId,
          hash: requestHashOf(adopted),
          payment: { ...adopted, paymentId: payment.identifier, network: payment.network, fromAddress: payment.from_address, toAddress: payment.to_address },
          owner,
          admission: gate.admission({ requestedBy: staffId, spend: { largest: adopted.amount, total: adopted.amount } }, { ...adopted, confirmed: true }),
          audit: { ...origin, outcome: 'ok' },
        }),
      ));
    await this.driveForRequest(() => pipeline.drive(row.id, owner));
    return (await store.get(row.id)) ?? row;
  }

  async get(id: string): Promise<{ reward: RewardView; events: RewardEventView[] }> {
    const reward = await this.view(id);
    const events = await this.deps.store.events(id);
    return { reward, events: events.map(rewardEventView) };
  }

  async list(request: RewardListRequest): Promise<{ rewards: RewardView[]; nextCursor: string | null }> {
    const query: RewardListQuery = { state: request.state, uid: request.uid, requestedBy: request.requestedBy, limit: request.limit + 1 };
    if (request.cursor) {
      const { at, id } = decodeTimeIdCursor(request.cursor);
      query.before = { createdAt: at, id };
    }
    const records = await this.deps.store.list(query);
    const page = records.slice(0, request.limit);
    const last = page.at(-1)?.reward;
    return { rewards: page.map((record) => rewardView(record)), nextCursor: records.length > request.limit && last ? encodeTimeIdCursor({ at: last.createdAt, id: last.id }) : null };
  }

  /** The filtered rewards as CSV; the export itself is audited, by how it went. */
  exportCsv(filters: Omit<RewardListRequest, 'cursor' | 'limit'>, origin: AuditOrigin): { csv: AsyncIterable<string>; takenAt: Date } {
    const csv = auditedExport(this.deps.audit, { ...origin, action: 'rewards.export', target: null, details: { filters } }, rewardsCsv((request) => this.list(request), filters));
    return { csv, takenAt: this.deps.clock.now() };
  }

  /**
   * Cancels a reward where nothing can have moved. One awaiting approval is withdrawn, only by its
   * requester, and a row of a batch awaiting approval only with its batch.
   */
  async cancel(id: string, staffId: string, origin: AuditOrigin): Promise<RewardView> {
    const owner = this.newOwner();
    const row = await this.leaseFor(id, owner, { states: REWARD_TRANSITIONS.cancel.from, verb: 'cancelled' });
    try {
      if (row.state === 'awaiting_approval' && row.batchId) {
        throw refusal('conflict', 'part_of_batch', 'This reward is a row of a batch awaiting approval: it is withdrawn with its batch, not on its own.', { batchId: row.batchId });
      }
      if (row.state === 'awaiting_approval' && row.requestedBy !== staffId) {
        await this.deps.audit.append({ ...origin, action: 'reward.cancel', target: `reward:${id}`, outcome: 'refused', details: { code: 'not_your_request' } });
        throw refusal('forbidden', 'not_your_request', 'Only the staff member who asked for this reward can withdraw it.');
      }
      if (row.state === 'failed' && !row.paymentId) throw refusal('conflict', 'not_cancellable', 'This reward failed before its payment was created; there is nothing to cancel.');
      await this.deps.store.held(id, owner, () => this.deps.pipeline.cancel(row, owner, origin));
    } finally {
      await this.deps.store.release(id, owner);
    }
    return this.view(id);
  }

  /**
   * Drives a reward again. A failed one goes back to the last safe point only through the payout gate
   * (`PayoutChecks.readmit`: its approval stands, today's other checks apply); an unfinished one is only
   * due again at once.
   */
  async retry(id: string, origin: AuditOrigin): Promise<RewardView> {
    const { store, pipeline, gate } = this.deps;
    const owner = this.newOwner();
    const row = await this.leaseFor(id, owner, { states: RETRYABLE, verb: 'retried' });
    const audit = { ...origin, outcome: 'ok' as const };
    try {
      if (row.state === 'failed' && !retryCanSucceed(row.errorCode)) {
        throw refusal('conflict', 'retry_cannot_succeed', `Retrying cannot pay this reward. ${explain(row.errorCode ?? '', row.errorMessage ?? undefined)}`);
      }
      if (row.state === 'failed') {
        const step: RewardMoveStep = { move: retryMove(row), patch: { errorCode: null, errorMessage: null, attempts: 0 }, audit };
        await gate.audited(origin, { action: 'reward.retry', target: `reward:${id}` }, () => store.record(row, owner, { ...step, check: (tx) => gate.readmit(tx, intentOf(row)) }));
      } else {
        await store.record(row, owner, { patch: { attempts: 0 }, step: 'retried', audit: { ...audit, action: 'reward.retry' } });
      }
    } catch (error) {
      await store.release(id, owner);
      throw error;
    }
    await this.driveForRequest(() => pipeline.drive(id, owner));
    return this.view(id);
  }

  /** Drives a reward for a request: until it has gone as far as it can, or the request has waited long enough. */
  private async driveForRequest(drive: () => Promise<unknown>): Promise<void> {
    const going = drive().catch((error: unknown) => this.deps.logger.error('a reward drive failed; the worker takes the reward up again', { error }));
    this.driving.add(going);
    void going.finally(() => this.driving.delete(going));
    const within = this.deps.answerWithinMs ?? REQUEST_ANSWER_WITHIN_MS;
    if (within === Infinity) return void (await going);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([going, new Promise((resolve) => (timer = setTimeout(resolve, within)))]);
    clearTimeout(timer);
  }

  private async leaseFor(id: string, owner: string, { states, verb }: { states: readonly RewardState[]; verb: string }): Promise<RewardRow> {
    const row = await this.deps.store.lease(id, owner, states);
    if (row) return row;
    const current = await this.deps.store.get(id);
    if (!current) throw refusal('not_found', 'reward_not_found', 'No reward with this id.');
    if (!states.includes(current.state)) throw refusal('conflict', 'not_allowed_now', `A ${current.state.replace('_', ' ')} reward cannot be ${verb}.`);
    throw refusal('conflict', 'reward_busy', 'The console is working on this reward right now; try again in a moment.');
  }

  private async view(id: string): Promise<RewardView> {
    const record = await this.deps.store.find(id);
    if (!record) throw refusal('not_found', 'reward_not_found', 'No reward with this id.');
    return rewardView(record, record.reward.state === 'signed' ? await this.deps.ledgerMs() : null);
  }

  /** Leases name the instance and the drive, so two requests in one process never share one. */
  private newOwner(): string {
    return `${this.deps.instanceId}:${randomUUID()}`;
  }
}
