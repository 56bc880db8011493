import type { RewardChain } from './reward-chain.ts';

/**
 * One app wallet signs every reward, and the ledger takes its transactions only in sequence order
 * (each exactly one past the account's). So this process builds, stores and sends them one at a
 * time, keeping the next sequence number while its transactions keep being applied.
 */
export class SequenceLane {
  private tail: Promise<unknown> = Promise.resolve();
  private nextSequence: bigint | null = null;

  constructor(private readonly chain: RewardChain) {}

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** The sequence number for a new transaction (inside `exclusive`). */
  async allocate(): Promise<bigint> {
    this.nextSequence ??= (await this.chain.loadSequence(this.chain.walletAddress)) + 1n;
    return this.nextSequence;
  }

  /** The transaction with this sequence number was applied. */
  applied(sequence: bigint): void {
    this.nextSequence = sequence + 1n;
  }

  /** The account's sequence is no longer known here: read it again before the next transaction. */
  forget(): void {
    this.nextSequence = null;
  }
}
