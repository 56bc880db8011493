import type { NetworkConfig } from '../config.ts';
import type { Ledger, LedgerTransaction } from '../state/ledger.ts';
import { successful } from '../state/ledger.ts';
import { rejectionResultXdr } from './result-xdr.ts';
import type { RejectionCode } from './result-xdr.ts';
import { admit, applyInLedger, decodeEnvelope, inSequence, maxTimeOf } from './submit-transaction.ts';
import type { Candidate } from './submit-transaction.ts';

/** What Horizon's synchronous `POST /transactions` answers, once it has an answer. */
export type SubmitAnswer =
  | { kind: 'malformed'; detail: string }
  | { kind: 'rejected'; code: RejectionCode; envelopeXdr: string; resultXdr: string }
  | { kind: 'applied'; tx: LedgerTransaction }
  /** No ledger took it within Horizon's wait: it may still be included later, or never. */
  | { kind: 'timeout'; hash: string };

interface Queued {
  candidate: Candidate;
  /** The first ledger that may include it (later than the next one when a fault holds it back). */
  includeFrom: number;
}

interface Waiter {
  candidate: Candidate;
  answer: (answer: SubmitAnswer) => void;
}

/**
 * The emulated network's core and Horizon's submission system: transactions wait in a queue for
 * a ledger, ledgers close on a clock (or at once for each arrival when the clock is 0), and each
 * submission's answer comes when its transaction is applied, refused for good, or Horizon's wait
 * runs out (504).
 *
 * Core's rules kept here: one transaction per source account in the queue and per ledger
 * (stellar-core 19.13 and later), a ledger's capacity, and a queued transaction whose `maxTime`
 * passes by a ledger's close time is dropped, never applied.
 */
export class Network {
  private readonly queue = new Map<string, Queued>();
  private readonly waiters = new Set<Waiter>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private clock: NodeJS.Timeout | null = null;

  constructor(
    private readonly ledger: Ledger,
    private readonly config: NetworkConfig,
    private readonly passphrase: string,
    /** Called for each transaction as its ledger closes (the platform watching the chain). */
    private readonly onApplied: (tx: LedgerTransaction) => void,
  ) {
    this.restartClock();
  }

  /** Hashes waiting for a ledger, oldest first. */
  queuedHashes(): string[] {
    return [...this.queue.keys()];
  }

  /** Submissions whose HTTP answer is still to come. */
  waitingSubmissions(): number {
    return this.waiters.size;
  }

  /** Submits an envelope as Horizon's synchronous endpoint does; `heldBackLedgers` delays its inclusion (a fault). */
  submit(envelopeXdr: string, heldBackLedgers = 0): Promise<SubmitAnswer> {
    const tx = decodeEnvelope(envelopeXdr, this.passphrase);
    if (typeof tx === 'string') return Promise.resolve({ kind: 'malformed', detail: tx });
    const hash = tx.hash().toString('hex');
    const applied = this.ledger.transaction(hash);
    if (applied !== undefined) return Promise.resolve({ kind: 'applied', tx: applied });
    const queued = this.queue.get(hash);
    if (queued !== undefined) return this.waitFor(queued.candidate);

    const admission = admit(tx, envelopeXdr, this.ledger, Math.floor(Date.now() / 1000), this.config);
    if ('refused' in admission) return Promise.resolve(rejection(admission.refused, envelopeXdr));
    const { candidate } = admission;
    // Core's TRY_AGAIN_LATER: not admitted. Horizon's synchronous endpoint then waits and answers as
    // for any transaction that never reaches a ledger: 504, or tx_bad_seq once the sequence is taken.
    if (this.hasQueued(candidate.source)) return this.waitFor(candidate);
    if (!inSequence(candidate, this.ledger)) return Promise.resolve(rejection('tx_bad_seq', envelopeXdr));

    this.queue.set(hash, { candidate, includeFrom: this.ledger.latestLedger + 1 + heldBackLedgers });
    const answer = this.waitFor(candidate);
    if (this.config.ledgerCloseMs === 0) this.closeLedger();
    return answer;
  }

  /** Closes the next ledger with what the queue holds for it. */
  closeLedger(): void {
    const { ledger, config } = this;
    const number = ledger.latestLedger + 1;
    const closedAt = Math.max(Date.now(), ledger.latestHeader.closedAt);
    const included: LedgerTransaction[] = [];
    const sources = new Set<string>();
    for (const [hash, { candidate, includeFrom }] of this.queue) {
      if (isExpired(candidate, closedAt)) {
        this.queue.delete(hash);
        continue;
      }
      if (includeFrom > number || sources.has(candidate.source) || included.length >= config.maxTxPerLedger) continue;
      this.queue.delete(hash);
      const tx = applyInLedger(ledger, candidate, { ledger: number, applicationOrder: included.length + 1, closedAt }, config);
      if (tx === null) continue;
      sources.add(candidate.source);
      included.push(tx);
    }
    const failed = included.filter((tx) => !successful(tx)).length;
    ledger.close(
      {
        sequence: number,
        closedAt,
        successfulTransactions: included.length - failed,
        failedTransactions: failed,
        baseFeeStroops: config.baseFeeStroops,
        baseReserveStroops: config.baseReserveStroops,
        maxTxSetSize: config.maxTxPerLedger,
      },
      included,
    );
    for (const tx of included) this.onApplied(tx);
    this.answerWaiters();
  }

  /** Starts the ledger clock again at the configured pace (after a change of config). */
  restartClock(): void {
    if (this.clock !== null) clearInterval(this.clock);
    this.clock = null;
    if (this.config.ledgerCloseMs > 0) {
      this.clock = setInterval(() => this.closeLedger(), this.config.ledgerCloseMs);
      this.clock.unref();
    }
  }

  /** Stops the clock and Horizon's waits; their requests are left to their (closed) connections. */
  dispose(): void {
    if (this.clock !== null) clearInterval(this.clock);
    this.clock = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiters.clear();
  }

  private hasQueued(source: string): boolean {
    for (const { candidate } of this.queue.values()) if (candidate.source === source) return true;
    return false;
  }

  private waitFor(candidate: Candidate): Promise<SubmitAnswer> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.waiters.delete(waiter);
        resolve({ kind: 'timeout', hash: candidate.hash });
      }, this.config.horizonSubmitTimeoutMs);
      const waiter: Waiter = {
        candidate,
        answer: (answer) => {
          clearTimeout(timer);
          this.timers.delete(timer);
          this.waiters.delete(waiter);
          resolve(answer);
        },
      };
      this.timers.add(timer);
      this.waiters.add(waiter);
    });
  }

  /** After a close: applied transactions get their result; one that can no longer apply (its sequence taken) gets tx_bad_seq, as Horizon answers. */
  private answerWaiters(): void {
    for (const waiter of [...this.waiters]) {
      const { hash, source, sequence, envelopeXdr } = waiter.candidate;
      const applied = this.ledger.transaction(hash);
      if (applied !== undefined) {
        waiter.answer({ kind: 'applied', tx: applied });
        continue;
      }
      const account = this.ledger.account(source);
      if (!this.queue.has(hash) && account !== undefined && account.sequence >= sequence) waiter.answer(rejection('tx_bad_seq', envelopeXdr));
    }
  }
}

/** Whether the ledger closing at `closedAt` is past the transaction's maxTime: core drops it, held back or not. */
function isExpired({ tx }: Candidate, closedAt: number): boolean {
  const maxTime = maxTimeOf(tx);
  return maxTime !== null && Math.floor(closedAt / 1000) > maxTime;
}

function rejection(code: RejectionCode, envelopeXdr: string): SubmitAnswer {
  return { kind: 'rejected', code, envelopeXdr, resultXdr: rejectionResultXdr(code) };
}
