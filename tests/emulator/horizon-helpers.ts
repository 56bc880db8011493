import type { Transaction } from '@stellar/stellar-sdk';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import type { RunningEmulator } from '../../emulator/src/emulator.ts';
import { signPayment } from '../support/chain-transactions.ts';

export { horizonServer, submitTransaction as submitRaw } from '../support/chain-transactions.ts';

export interface PaymentTx {
  /** Defaults: the payment's own fields, signed with the app wallet's seed, timebounds of 180 s from now. */
  amount?: string;
  destination?: string;
  memo?: string;
  /** Who signs; the source is always the payment's from_address. */
  signerSeed?: string;
  passphrase?: string;
  maxTime?: number;
  /** Sequence number of the new transaction; default: the account's next. */
  sequence?: bigint;
}

/** Builds and signs an A2U payment's transaction the way the platform's Node SDK does: loadAccount, fetchBaseFee, 180 s timebounds. */
export function buildPaymentTx(emulator: RunningEmulator, payment: PaymentDTO, options: PaymentTx = {}): Promise<Transaction> {
  if (payment.from_address !== emulator.appWallet.address) throw new Error(`payment ${payment.identifier} is not from the app wallet`);
  return signPayment(emulator, {
    from: emulator.appWallet.seed,
    to: options.destination ?? payment.to_address,
    amount: options.amount ?? String(payment.amount),
    memo: options.memo ?? payment.identifier,
    passphrase: options.passphrase ?? payment.network,
    signerSeed: options.signerSeed,
    maxTime: options.maxTime,
    sequence: options.sequence,
  });
}
