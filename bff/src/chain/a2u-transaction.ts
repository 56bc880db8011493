import { Account, Asset, Memo, Operation, TransactionBuilder, type Transaction } from '@stellar/stellar-base';
import { amountProblem } from '../../../common/payable-amount.ts';
import { CannotHealError } from '../domain/cannot-heal-error.ts';
import { refusal } from '../domain/refusal.ts';
import type { AppWallet } from './app-wallet.ts';

/**
 * How long a signed transaction stays valid. Not the SDK's 180 s: an envelope whose answer is lost is
 * known dead only once the network's clock passes its maxTime, and until then the wallet's next
 * transaction waits behind it (one per account per ledger). 60 s is about 11 ledgers at the network's
 * pace, twice Horizon's 30 s submit wait: room to land and to be sent again once after a 504, and a
 * lost answer settles within a minute.
 */
export const TRANSACTION_LIFETIME_SECONDS = 60;

/** What of an A2U payment (as the platform reads it) its transaction is made of. */
export interface A2UPaymentToPay {
  identifier: string;
  /** A decimal string of at most 7 places. */
  amount: string;
  from_address: string;
  to_address: string;
  /** The passphrase to sign under. */
  network: string;
}

export interface A2UTransactionRequest {
  payment: A2UPaymentToPay;
  /** The new transaction's sequence number: the account's current sequence + 1. */
  sequence: bigint;
  feeStroops: number;
  /** The network's time (the latest ledger's close time), not the console's. */
  nowSeconds: number;
  lifetimeSeconds?: number;
}

export interface SignedA2UTransaction {
  /** Base64 XDR of the signed envelope: resending exactly this is safe, Horizon applies a hash once. */
  envelopeXdr: string;
  /** The transaction hash (txid): 64 lowercase hex characters. */
  hash: string;
  sequence: string;
  /** Unix seconds after which the network refuses the transaction (tx_too_late). */
  maxTime: number;
}

/**
 * The transaction that pays an A2U payment: one native payment from the app wallet to the user,
 * memo = payment id, signed under the payment's network passphrase. Refused before signing when the
 * payment is not from this wallet, and for good (CannotHealError) when its values cannot make a
 * transaction that pays exactly the payment's amount.
 */
export function signA2UTransaction(wallet: AppWallet, { payment, sequence, feeStroops, nowSeconds, lifetimeSeconds = TRANSACTION_LIFETIME_SECONDS }: A2UTransactionRequest): SignedA2UTransaction {
  if (payment.from_address !== wallet.publicKey) {
    throw refusal('rejected', 'wallet_mismatch', 'The payment is to be paid from another wallet than the console’s app wallet; nothing was signed.', {
      from_address: payment.from_address,
      wallet_address: wallet.publicKey,
    });
  }
  const badAmount = amountProblem(payment.amount);
  if (badAmount) throw new CannotHealError('unpayable_amount', badAmount);
  const maxTime = nowSeconds + lifetimeSeconds;
  const transaction = build(payment, sequence, feeStroops, maxTime);
  wallet.sign(transaction);
  return { envelopeXdr: transaction.toEnvelope().toXDR('base64'), hash: transaction.hash().toString('hex'), sequence: transaction.sequence, maxTime };
}

/** The unsigned transaction; the chain library's refusal of a value (an amount, an address, a memo) as a CannotHealError. */
function build(payment: A2UTransactionRequest['payment'], sequence: bigint, feeStroops: number, maxTime: number): Transaction {
  try {
    // TransactionBuilder gives the transaction the account's sequence + 1.
    const source = new Account(payment.from_address, String(sequence - 1n));
    return new TransactionBuilder(source, {
      fee: String(feeStroops),
      networkPassphrase: payment.network,
      timebounds: { minTime: 0, maxTime },
    })
      .addOperation(Operation.payment({ destination: payment.to_address, asset: Asset.native(), amount: payment.amount }))
      .addMemo(Memo.text(payment.identifier))
      .build();
  } catch (error) {
    throw new CannotHealError('unbuildable_transaction', `The transaction could not be built from the payment: ${error instanceof Error ? error.message : String(error)}`);
  }
}
