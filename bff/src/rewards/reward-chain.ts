/** What the reward pipeline needs of the blockchain; `chain/` provides it (see services.ts). */

export interface PaymentToSign {
  identifier: string;
  /** Decimal string, at most 7 places. */
  amount: string;
  from_address: string;
  to_address: string;
  /** The network passphrase the transaction is signed under. */
  network: string;
}

export interface SignedEnvelope {
  envelopeXdr: string;
  /** Lowercase hex; the transaction id once applied. */
  hash: string;
  sequence: bigint;
  /** Unix seconds (the network's clock) after which the ledger refuses the envelope. */
  maxTime: number;
}

export type SubmitOutcome = { applied: true } | { applied: false; resultCode: string; operationCodes: string[] };

export type TransactionLookup = { found: true; successful: boolean } | { found: false };

/** The latest closed ledger as the pipeline reads the network's clock. */
export interface LatestLedger {
  sequence: number;
  /** Unix ms by the network's clock. */
  closedAtMs: number;
}

export interface RewardChain {
  /** The app wallet's public key. */
  readonly walletAddress: string;
  loadSequence(accountId: string): Promise<bigint>;
  baseFee(): Promise<number>;
  /** Builds and signs, with time bounds by the network's clock; throws a Refusal when the wallet is not the payment's sender. */
  sign(payment: PaymentToSign, sequence: bigint, feeStroops: number): Promise<SignedEnvelope>;
  /** Throws when no definite answer came (a 504, a lost answer): the envelope may or may not be applied yet. */
  submit(envelopeXdr: string): Promise<SubmitOutcome>;
  lookup(hash: string): Promise<TransactionLookup>;
  /** The latest closed ledger, read fresh (within `maxAgeMs`). */
  latestLedger(maxAgeMs: number): Promise<LatestLedger>;
  /** The observed time between ledgers. */
  ledgerMs(): Promise<number>;
}
