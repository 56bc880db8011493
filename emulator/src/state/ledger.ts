/** A native-asset account on the emulated chain. Amounts are stroops (1 unit = 10^7 stroops). */
export interface LedgerAccount {
  readonly id: string;
  sequence: bigint;
  balance: bigint;
  /** Trust lines, offers, data entries and extra signers: each raises the minimum balance by a base reserve. Plain accounts have none. */
  numSubentries: number;
  readonly openedInLedger: number;
}

/** What the account must keep, as stellar-core computes it: (2 + subentries) × base reserve. */
const minimumBalance = (account: LedgerAccount, baseReserve: bigint): bigint => (2n + BigInt(account.numSubentries)) * baseReserve;

/** What the account may spend: its balance above its minimum balance (core's available balance; negative when below it). */
export const availableBalance = (account: LedgerAccount, baseReserve: bigint): bigint => account.balance - minimumBalance(account, baseReserve);

export type MemoType = 'none' | 'text' | 'id' | 'hash' | 'return';

/**
 * The transaction's one operation: a native payment, or the `create_account` that opened (funded)
 * its destination with `amount` as the starting balance.
 */
export type OperationType = 'payment' | 'create_account';

/** Result codes of a payment operation that reached the ledger. */
export type PaymentOperationCode = 'op_success' | 'op_underfunded' | 'op_no_destination';

/** A transaction that made it into a ledger: its sequence and fee were consumed, whether or not its payment succeeded. */
export interface LedgerTransaction {
  readonly hash: string;
  readonly ledger: number;
  /** Its place among the transactions applied in its ledger, from 1 (the transaction part of Horizon's TOID). */
  readonly applicationOrder: number;
  readonly createdAt: number;
  readonly source: string;
  readonly sequence: bigint;
  readonly operationType: OperationType;
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
  /** The envelope's signatures, base64, as Horizon lists them. */
  readonly signatures: readonly string[];
}

export const successful = (tx: LedgerTransaction): boolean => tx.operationCode === 'op_success';

/** A closed ledger as Horizon lists it. */
export interface LedgerHeader {
  readonly sequence: number;
  readonly closedAt: number;
  readonly successfulTransactions: number;
  readonly failedTransactions: number;
  readonly baseFeeStroops: bigint;
  readonly baseReserveStroops: bigint;
  readonly maxTxSetSize: number;
}

/** Closed ledgers kept for Horizon's ledger list; the newest is what clients read the pace from. */
const HEADERS_KEPT = 200;

/** The emulated chain's state: accounts and the transactions applied to them, by hash. */
export class Ledger {
  private readonly accounts = new Map<string, LedgerAccount>();
  private readonly applied = new Map<string, LedgerTransaction>();
  /** Each account's transactions (as source or destination), oldest first: Horizon's participants. */
  private readonly histories = new Map<string, LedgerTransaction[]>();
  private readonly headers: LedgerHeader[] = [];
  private latest: LedgerHeader;

  constructor(readonly firstLedger: number, opening: Omit<LedgerHeader, 'sequence' | 'successfulTransactions' | 'failedTransactions'>) {
    this.latest = { ...opening, sequence: firstLedger, successfulTransactions: 0, failedTransactions: 0 };
    this.headers.push(this.latest);
  }

  get latestLedger(): number {
    return this.latest.sequence;
  }

  /** The latest closed ledger: the network's clock is its close time. */
  get latestHeader(): LedgerHeader {
    return this.latest;
  }

  /** The kept ledgers, oldest first. */
  recentHeaders(): readonly LedgerHeader[] {
    return this.headers;
  }

  /**
   * A new account with an opening balance; its sequence starts where the chain's does: its ledger << 32.
   * Opened in the latest ledger without a transaction (as the network's root account is), unless a
   * `create_account` being applied in a later ledger opens it.
   */
  open(id: string, balance: bigint, inLedger = this.latestLedger): LedgerAccount {
    if (this.accounts.has(id)) throw new Error(`account ${id} already exists`);
    const account: LedgerAccount = { id, sequence: BigInt(inLedger) << 32n, balance, numSubentries: 0, openedInLedger: inLedger };
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

  /** The transactions the account took part in, as source or destination, oldest first (failed ones too). */
  history(accountId: string): readonly LedgerTransaction[] {
    return this.histories.get(accountId) ?? [];
  }

  /** Closes the next ledger with the transactions applied in it (each already holding its number). */
  close(header: LedgerHeader, transactions: readonly LedgerTransaction[]): void {
    if (header.sequence !== this.latestLedger + 1) throw new Error(`ledger ${header.sequence} does not follow ${this.latestLedger}`);
    for (const tx of transactions) {
      if (this.applied.has(tx.hash)) throw new Error(`transaction ${tx.hash} is already applied`);
      this.applied.set(tx.hash, tx);
      for (const participant of new Set([tx.source, tx.destination])) {
        const history = this.histories.get(participant);
        if (history === undefined) this.histories.set(participant, [tx]);
        else history.push(tx);
      }
    }
    this.latest = header;
    this.headers.push(header);
    if (this.headers.length > HEADERS_KEPT) this.headers.shift();
  }
}
