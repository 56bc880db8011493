/** A native-asset account on the emulated chain. Amounts are stroops (1 unit = 10^7 stroops). */
export interface LedgerAccount {
  readonly id: string;
  sequence: bigint;
  balance: bigint;
  readonly openedInLedger: number;
}

export type MemoType = 'none' | 'text' | 'id' | 'hash' | 'return';

/** Result codes of a payment operation that reached the ledger. */
export type PaymentOperationCode = 'op_success' | 'op_underfunded' | 'op_no_destination';

/** A transaction that made it into a ledger: its sequence and fee were consumed, whether or not its payment succeeded. */
export interface LedgerTransaction {
  readonly hash: string;
  readonly ledger: number;
  readonly createdAt: number;
  readonly source: string;
  readonly sequence: bigint;
  readonly destination: string;
  readonly amount: bigint;
  readonly maxFee: bigint;
  readonly feeCharged: bigint;
  readonly memoType: MemoType;
  /** The memo as Horizon shows it (text as UTF-8, id as digits, hash and return as base64); null without one. */
  readonly memo: string | null;
  readonly validBefore: number | null;
  readonly operationCode: PaymentOperationCode;
  readonly envelopeXdr: string;
  readonly resultXdr: string;
}

export const successful = (tx: LedgerTransaction): boolean => tx.operationCode === 'op_success';

/** The emulated chain's state: accounts and the transactions applied to them, by hash. */
export class Ledger {
  private readonly accounts = new Map<string, LedgerAccount>();
  private readonly applied = new Map<string, LedgerTransaction>();
  private latest: number;

  constructor(readonly firstLedger: number) {
    this.latest = firstLedger;
  }

  get latestLedger(): number {
    return this.latest;
  }

  /** A new account with an opening balance; its sequence starts where the chain's does: its ledger << 32. */
  open(id: string, balance: bigint): LedgerAccount {
    if (this.accounts.has(id)) throw new Error(`account ${id} already exists`);
    const account: LedgerAccount = { id, sequence: BigInt(this.latest) << 32n, balance, openedInLedger: this.latest };
    this.accounts.set(id, account);
    return account;
  }

  account(id: string): LedgerAccount | undefined {
    return this.accounts.get(id);
  }

  transaction(hash: string): LedgerTransaction | undefined {
    return this.applied.get(hash);
  }

  /** Applied transactions, oldest first. */
  transactions(): LedgerTransaction[] {
    return [...this.applied.values()];
  }

  /** Closes the next ledger; every applied transaction gets a ledger of its own. */
  closeLedger(): number {
    this.latest += 1;
    return this.latest;
  }

  record(tx: LedgerTransaction): void {
    if (this.applied.has(tx.hash)) throw new Error(`transaction ${tx.hash} is already applied`);
    this.applied.set(tx.hash, tx);
  }
}
