import type { LedgerTransaction } from '../state/ledger.ts';

const TRANSACTION_MASK = 0xfffff;
const OPERATION_MASK = 0xfff;

/**
 * Horizon's total order id (SEP-35), its paging tokens: the ledger in the high 32 bits, the
 * transaction's application order in the ledger (from 1) in the next 20, the operation's index in
 * its transaction (from 1) in the low 12. A ledger's id is its first transaction's and operation's.
 */
export const toid = (ledger: number, transaction = 0, operation = 0): bigint => (BigInt(ledger) << 32n) | (BigInt(transaction) << 12n) | BigInt(operation);

export const transactionToid = (tx: LedgerTransaction): bigint => toid(tx.ledger, tx.applicationOrder);

/** The id of the transaction's one operation, its payment. */
export const paymentToid = (tx: LedgerTransaction): bigint => toid(tx.ledger, tx.applicationOrder, 1);

/** Past everything in the ledger: what Horizon reads the cursor `now` as, for the latest ledger. */
export const afterLedger = (ledger: number): bigint => toid(ledger, TRANSACTION_MASK, OPERATION_MASK);

export const MAX_TOID = 2n ** 63n - 1n;
