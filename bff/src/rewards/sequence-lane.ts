import type { HeldLock, SharedLock } from '../store/shared-lock.ts';
import type { RewardChain } from './reward-chain.ts';

/**
 * How many transactions a process numbers in one turn of the lane before it hands the lane over to
 * another instance waiting for it (if none waits, the turn goes on).
 */
const TURN_TRANSACTIONS = 8;

/** Transactions of one process that number and send while it holds the wallet's lane. */
interface Turn {
  held: Promise<HeldLock>;
  /** Transactions and resends of the turn whose send has not ended. */
  open: number;
  numbered: number;
  /** No transaction joins it any more: its sends have ended, or another instance waits for the lane. */
  closed: boolean;
  /** Gives the lane back (once its sends have ended); `ended` resolves after. */
  end(): void;
  ended: Promise<void>;
}

/**
 * One app wallet signs every reward, and the ledger takes its transactions only in sequence order
 * (each exactly one past the account's). So this process numbers, signs and stores them one at a time
 * and sends them one at a time, in the same order. The next transaction is numbered, signed and stored
 * while the one before it is being sent, and no further ahead: a store write then never holds up the
 * ledger, and a send that does not apply leaves at most one envelope numbered behind it. That one is
 * refused (tx_bad_seq) and settled like any refused envelope: the ledger decides whether it can still
 * apply before its reward signs again.
 *
 * Across instances on one store, the lane is the store's shared lock: a process numbers and sends
 * only in a turn that holds it, and gives it up once its sends have ended (all its transactions are on
 * the ledger or settled), or after TURN_TRANSACTIONS when another instance waits. A turn taken after
 * another instance may have held the lane reads the account's sequence again, after the sends before
 * it: it numbers from where the last holder's transactions left the account, neither the same number
 * nor one past a gap.
 */
export class SequenceLane {
  private preparing: Promise<unknown> = Promise.resolve();
  /** Every send so far; and every send but the last, which the next preparation waits for. */
  private sending: Promise<unknown> = Promise.resolve();
  private sendingButLast: Promise<unknown> = Promise.resolve();
  private nextSequence: bigint | null = null;
  private turn: Turn | null = null;

  constructor(
    private readonly chain: RewardChain,
    private readonly lock: SharedLock,
  ) {}

  /**
   * A new transaction: `prepare` gets its sequence number and signs and stores it (after every earlier
   * `prepare`); `send` submits it (after every earlier send). A failed `prepare` leaves its number
   * unused, so the account's sequence is read again, once the sends before it are done.
   */
  transaction<P, R>(prepare: (sequence: bigint) => Promise<P>, send: (prepared: P) => Promise<R>): Promise<R> {
    const turn = this.join();
    const sendsBefore = this.sending;
    const prepared = Promise.all([this.preparing, this.sendingButLast, turn.held]).then(async ([, , held]) => {
      if (this.nextSequence === null) {
        await sendsBefore;
        this.nextSequence = (await this.chain.loadSequence(this.chain.walletAddress)) + 1n;
      }
      const sequence = this.nextSequence;
      this.nextSequence = sequence + 1n;
      this.numbered(turn, held);
      try {
        return await prepare(sequence);
      } catch (error) {
        this.forget();
        throw error;
      }
    });
    this.preparing = prepared.catch(() => undefined);
    return this.leaving(turn, this.inTurn(() => prepared.then(send)));
  }

  /** Sends an envelope stored earlier again, in turn with the others. */
  resend<R>(send: () => Promise<R>): Promise<R> {
    const turn = this.join();
    return this.leaving(turn, this.inTurn(() => turn.held.then(send)));
  }

  /** The transaction with this sequence number was applied. */
  applied(sequence: bigint): void {
    if (this.nextSequence !== null && this.nextSequence <= sequence) this.nextSequence = sequence + 1n;
  }

  /** The account's sequence is no longer known here: read it again before the next transaction. */
  forget(): void {
    this.nextSequence = null;
  }

  private inTurn<R>(send: () => Promise<R>): Promise<R> {
    const sent = this.sending.then(send, send);
    this.sendingButLast = this.sending;
    this.sending = sent.catch(() => undefined);
    return sent;
  }

  /** The turn a new transaction or resend belongs to: the current one, or the next. */
  private join(): Turn {
    if (this.turn === null || this.turn.closed) this.turn = this.nextTurn(this.turn);
    this.turn.open++;
    return this.turn;
  }

  /** A turn that takes the lock once the one before has given it back: another instance waiting for it comes first. */
  private nextTurn(last: Turn | null): Turn {
    const held = (last?.ended ?? Promise.resolve())
      .then(() => this.lock.acquire())
      .then((lock) => {
        // Another instance may have numbered since this process last held the lane.
        if (this.lock.otherProcesses) this.forget();
        return lock;
      });
    // Its transactions answer a lock that could not be taken; the turn itself must not as well.
    held.catch(() => undefined);
    let ended = () => {};
    return {
      held,
      open: 0,
      numbered: 0,
      closed: false,
      ended: new Promise<void>((resolve) => (ended = resolve)),
      end: () => void held.then((lock) => lock.release(), () => undefined).then(ended),
    };
  }

  /** Every TURN_TRANSACTIONS numbered, asks whether another instance waits for the lane, to hand it over. */
  private numbered(turn: Turn, held: HeldLock): void {
    if (++turn.numbered % TURN_TRANSACTIONS !== 0) return;
    held.contended().then(
      (waits) => {
        if (waits) turn.closed = true;
      },
      () => undefined,
    );
  }

  /** Once every send of the turn has ended, the lane goes back to the store's lock. */
  private leaving<R>(turn: Turn, sent: Promise<R>): Promise<R> {
    const leave = () => {
      if (--turn.open > 0) return;
      turn.closed = true;
      turn.end();
    };
    sent.then(leave, leave);
    return sent;
  }
}
