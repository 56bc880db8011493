import { TRANSACTION_LIFETIME_SECONDS } from '../chain/a2u-transaction.ts';
import { sleep } from '../sleep.ts';
import type { Payment } from '../platform/schemas.ts';
import { askLedger, type LedgerVerdict } from './ledger-verdict.ts';
import { paymentDifferences } from './payment-differences.ts';
import type { RewardChain, SubmitOutcome } from './reward-chain.ts';
import { explainPaymentMismatch } from './reward-explanations.ts';
import type { RewardPatch, RewardRow } from './reward-row.ts';
import { required, SYSTEM, type PipelineDeps, type StepOutcomes, type StepResult } from './reward-step-outcomes.ts';
import type { SequenceLane } from './sequence-lane.ts';

/** How a send inside the sequence lane ended: applied (recorded outside the lane), or settled otherwise. */
type SendResult = { applied: RewardRow; move: 'submit' | 'find_on_ledger' } | { settled: StepResult };

const NO_WALLET_RETRY_MS = 3_600_000;
/**
 * How long one drive follows a pending envelope (in the lane) before it lets go and tries later: past
 * the envelope's lifetime plus Horizon's wait, so a network whose clock has stalled does not hold the
 * lane for ever.
 */
const PENDING_FOLLOW_MS = (TRANSACTION_LIFETIME_SECONDS + 60) * 1000;
const FEE_CACHE_MS = 60_000;

const clearedEnvelope = { envelopeXdr: null, txHash: null, txSequence: null, txMaxTime: null } satisfies RewardPatch;

/**
 * created → signed → submitted: the transaction is signed in the wallet's sequence lane, its envelope
 * committed before it is sent, and the lane kept until the ledger has said what became of it.
 */
export class SendStep {
  private fee: { stroops: number; until: number } | null = null;

  constructor(
    private readonly deps: PipelineDeps,
    private readonly outcomes: StepOutcomes,
  ) {}

  /** `created` is the payment as the platform answered its creation in this drive, else null. */
  async signAndSend(row: RewardRow, owner: string, created: Payment | null): Promise<StepResult> {
    const { chain, lane } = this.deps;
    if (!chain || !lane) return this.outcomes.note({ row, owner, code: 'awaiting_wallet', waitMs: NO_WALLET_RETRY_MS });
    if (row.fromAddress !== chain.walletAddress) return this.outcomes.note({ row, owner, code: 'wallet_mismatch', waitMs: NO_WALLET_RETRY_MS });
    const paymentId = required(row.paymentId, 'paymentId');
    // Fresh, so that a payment cancelled or paid meanwhile is never paid by this reward.
    const payment = created ?? (await this.outcomes.readPayment(row, owner, paymentId));
    if ('ended' in payment) return payment.ended;
    if (payment.status.cancelled || payment.status.user_cancelled) return this.outcomes.end({ row, owner, move: 'payment_cancelled', code: 'payment_cancelled' });
    if (payment.transaction) return this.outcomes.end({ row, owner, move: 'set_aside', code: 'other_transaction_linked' });
    const differences = paymentDifferences(row, payment);
    if (differences.length > 0) return this.outcomes.end({ row, owner, move: 'set_aside', code: 'payment_mismatch', message: explainPaymentMismatch(differences) });
    const prepare = async (sequence: bigint): Promise<RewardRow> => {
      const envelope = await chain.sign({ identifier: paymentId, amount: row.amount, from_address: payment.from_address, to_address: payment.to_address, network: payment.network }, sequence, await this.baseFee(chain));
      return this.deps.store.record(row, owner, {
        move: 'sign',
        patch: { envelopeXdr: envelope.envelopeXdr, txHash: envelope.hash, txSequence: String(envelope.sequence), txMaxTime: new Date(envelope.maxTime * 1000), errorCode: null, errorMessage: null },
        detail: { hash: envelope.hash, sequence: String(envelope.sequence) },
        audit: { ...SYSTEM, outcome: 'ok' },
      });
    };
    return this.recordSend(lane.transaction(prepare, (signed) => this.send(signed, owner, { chain, lane })), owner);
  }

  resend(row: RewardRow, owner: string): Promise<StepResult> {
    const { chain, lane } = this.deps;
    if (!chain || !lane) return this.outcomes.note({ row, owner, code: 'awaiting_wallet', waitMs: NO_WALLET_RETRY_MS });
    return this.recordSend(lane.resend(() => this.send(row, owner, { chain, lane })), owner);
  }

  /**
   * An applied transaction is recorded after its turn in the lane: the next reward's sequence is
   * already known, and a crash before this record leaves the reward `signed`, whose resend finds it on
   * the ledger.
   */
  private async recordSend(sending: Promise<SendResult>, owner: string): Promise<StepResult> {
    const sent = await sending;
    if (!('applied' in sent)) return sent.settled;
    const { applied: row, move } = sent;
    const submitted = await this.deps.store.record(row, owner, {
      move,
      patch: { txid: row.txHash, errorCode: null, errorMessage: null, attempts: 0 },
      detail: { txid: row.txHash },
      audit: { ...SYSTEM, outcome: 'ok' },
    });
    return { row: submitted, waitMs: null, learnt: { applied: true } };
  }

  /**
   * Sends the stored envelope in its turn in the lane, and keeps the lane until the ledger has said
   * what became of it: the wallet's next transaction could not land before this one anyway (one per
   * account per ledger, in sequence order). A 504, a lost answer or a dropped connection means
   * pending: the ledger is asked once per ledger, and the same envelope sent again, until the hash is
   * found or the network's clock has passed the envelope's maxTime. Sending the same envelope again is
   * safe: it applies at most once.
   */
  private async send(row: RewardRow, owner: string, { chain, lane }: { chain: RewardChain; lane: SequenceLane }): Promise<SendResult> {
    const { clock } = this.deps;
    const sequence = BigInt(required(row.txSequence, 'txSequence'));
    const followUntil = clock.monotonicMs() + PENDING_FOLLOW_MS;
    const applied = (ledgers: number) => {
      lane.applied(sequence);
      this.deps.observer?.ledgersWaited(ledgers);
    };
    for (let current = row, ledgers = 1; ; ledgers++) {
      let outcome: SubmitOutcome | null = null;
      try {
        outcome = await chain.submit(required(current.envelopeXdr, 'envelopeXdr'));
      } catch (error) {
        this.deps.logger.info('transaction submission got no definite answer: pending, asking the ledger', { rewardId: current.id, error });
      }
      if (outcome?.applied) {
        applied(ledgers);
        return { applied: current, move: 'submit' };
      }
      let verdict: LedgerVerdict;
      try {
        verdict = await askLedger(chain, envelopeOf(current), outcome);
      } catch (error) {
        lane.forget();
        throw error;
      }
      if (verdict.kind === 'applied') {
        applied(ledgers);
        return { applied: current, move: 'find_on_ledger' };
      }
      if (verdict.kind !== 'pending' || clock.monotonicMs() > followUntil) {
        lane.forget();
        return { settled: await this.settleEnvelope(current, owner, verdict) };
      }
      current = await this.outcomes.noteOnce(current, owner, 'awaiting_ledger');
      // Stopping: the reward stays signed with its envelope, which the next driver sends again or finds on the ledger.
      if (!(await sleep(verdict.nextLookupMs, this.deps.stopping))) {
        lane.forget();
        return { settled: { row: current, waitMs: 0 } };
      }
    }
  }

  /** The envelope's end: failed in a ledger, or never applied (and so signed again), or still pending after following it long. */
  private async settleEnvelope(row: RewardRow, owner: string, verdict: Exclude<LedgerVerdict, { kind: 'applied' }>): Promise<StepResult> {
    switch (verdict.kind) {
      case 'failed':
        return this.outcomes.end({ row, owner, move: 'ledger_failed', code: verdict.code, patch: clearedEnvelope });
      case 'never': {
        const abandoned = await this.deps.store.record(row, owner, {
          move: 'abandon_envelope',
          patch: { ...clearedEnvelope, errorCode: null, errorMessage: null },
          detail: { hash: row.txHash, reason: verdict.code },
          audit: { ...SYSTEM, outcome: 'failed', upstream: { status: null, code: verdict.code } },
        });
        return { row: abandoned, waitMs: null };
      }
      case 'pending':
        return this.outcomes.wait({ row, owner, action: 'reward.submit', code: 'awaiting_ledger', message: 'Sent; the ledger has not taken it yet. The same envelope is sent again.', atMostMs: verdict.nextLookupMs });
    }
  }

  private async baseFee(chain: RewardChain): Promise<number> {
    const now = this.deps.clock.monotonicMs();
    if (this.fee && this.fee.until > now) return this.fee.stroops;
    const stroops = await chain.baseFee();
    this.fee = { stroops, until: this.deps.clock.monotonicMs() + FEE_CACHE_MS };
    return stroops;
  }
}

/** The stored envelope's facts the ledger is asked about. */
function envelopeOf(row: RewardRow) {
  return { hash: required(row.txHash, 'txHash'), sequence: BigInt(required(row.txSequence, 'txSequence')), maxTime: required(row.txMaxTime, 'txMaxTime'), source: required(row.fromAddress, 'fromAddress') };
}
