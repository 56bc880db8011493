import { Account, Asset, Horizon, Keypair, Memo, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import type { Transaction } from '@stellar/stellar-sdk';
import type { PaymentDTO } from '../../emulator/src/dto.ts';
import type { RunningEmulator } from '../../emulator/src/emulator.ts';

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

export const horizonServer = (emulator: RunningEmulator): Horizon.Server => new Horizon.Server(emulator.horizonUrl, { allowHttp: true });

/** Builds and signs an A2U payment's transaction the way the platform's Node SDK does: loadAccount, fetchBaseFee, 180 s timebounds. */
export async function buildPaymentTx(emulator: RunningEmulator, payment: PaymentDTO, options: PaymentTx = {}): Promise<Transaction> {
  const server = horizonServer(emulator);
  // The builder gives the transaction the account's sequence + 1.
  const sourceAccount =
    options.sequence === undefined ? await server.loadAccount(payment.from_address) : new Account(payment.from_address, String(options.sequence - 1n));
  const tx = new TransactionBuilder(sourceAccount, {
    fee: String(await server.fetchBaseFee()),
    networkPassphrase: options.passphrase ?? payment.network,
    timebounds: { minTime: 0, maxTime: options.maxTime ?? Math.floor(Date.now() / 1000) + 180 },
  })
    .addOperation(
      Operation.payment({ destination: options.destination ?? payment.to_address, asset: Asset.native(), amount: options.amount ?? String(payment.amount) }),
    )
    .addMemo(Memo.text(options.memo ?? payment.identifier))
    .build();
  tx.sign(Keypair.fromSecret(options.signerSeed ?? emulator.appWallet.seed));
  return tx;
}

/** What Horizon answered to a submission: its status and JSON body. */
export async function submitRaw(emulator: RunningEmulator, tx: Transaction | string): Promise<{ status: number; body: Record<string, any> }> {
  const envelope = typeof tx === 'string' ? tx : tx.toEnvelope().toXDR('base64');
  const response = await fetch(`${emulator.horizonUrl}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tx: envelope }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
