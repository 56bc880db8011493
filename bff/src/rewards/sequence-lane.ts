import type { RewardChain } from './reward-chain.ts';

/**
 * One app wallet signs every reward, and the ledger takes its transactions only in sequence order
 * (each exactly one past the account's). So this process numbers, signs and stores them one at a time
 * and sends them one at a time, in the same order. The next transaction is numbered, signed and stored
 * while the one before it is being sent, and no further ahead: a store write then never holds up the
 * ledger, and a send that does not apply leaves at most one envelope numbered behind it. That one is
 * refused (tx_bad_seq) and settled like any refused envelope: the ledger decides whether it can still
 * apply before its reward signs again.
 */
export class SequenceLane {
  private preparing: Promise<unknown> = Promise.resolve();
  /** Every send so far; and every send but the last, which the next preparation waits for. */
  private sending: Promise<unknown> = Promise.resolve();
  private sendingButLast: Promise<unknown> = Promise.resolve();
  private nextSequence: bigint | null = null;

  constructor(private readonly chain: RewardChain) {}

  /**
   * A new transaction: `prepare` gets its sequence number and signs and stores it (after every earlier
   * `prepare`); `send` submits it (after every earlier send). A failed `prepare` leaves its number
   * unused, so the account's sequence is read again, once the sends before it are done.
   */
  transaction<P, R>(prepare: (sequence: bigint) => Promise<P>, send: (prepared: P) => Promise<R>): Promise<R> {
    const sendsBefore = this.sending;
    const prepared = Promise.all([this.preparing, this.sendingButLast]).then(async () => {
      if (this.nextSequence === null) {
        await sendsBefore;
        this.nextSequence = (await this.chain.loadSequence(this.chain.walletAddress)) + 1n;
      }
      const sequence = this.nextSequence;
      this.nextSequence = sequence + 1n;
      try {
        return await prepare(sequence);
      } catch (error) {
        this.forget();
        throw error;
      }
    });
    this.preparing = prepared.catch(() => undefined);
    return this.inTurn(() => prepared.then(send));
  }

  /** Sends an envelope stored earlier again, in turn with the others. */
  resend<R>(send: () => Promise<R>): Promise<R> {
    return this.inTurn(send);
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
}
