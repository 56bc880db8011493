import { Account, Asset, Horizon, Keypair, Memo, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import type { Transaction } from '@stellar/stellar-sdk';
import type { RunningEmulator } from '../../emulator/src/emulator.ts';

/**
 * Transactions the console did not make: built and signed with stellar-sdk from a wallet's seed, and
 * sent straight to the emulator's Horizon, as any client of the chain would.
 */

export const horizonServer = (emulator: RunningEmulator): Horizon.Server => new Horizon.Server(emulator.horizonUrl, { allowHttp: true });

export interface ChainPayment {
  /** The paying wallet's secret seed (S…): the source is its account. */
  from: string;
  to: string;
  /** Decimal, at most 7 places, e.g. "1.5". */
  amount: string;
  /** A text memo, any other Memo (id, hash, return), or none when absent. */
  memo?: string | Memo;
  /** Who signs; default the source. */
  signerSeed?: string;
  /** Default: the passphrase Horizon's root reports. */
  passphrase?: string;
  /** Default: Horizon's base fee (fee_stats). */
  fee?: string;
  /** Default: 180 s from now, as the platform's SDK sets. */
  maxTime?: number;
  /** The transaction's sequence number; default the account's next (read from Horizon). */
  sequence?: bigint;
}

/** Horizon's network passphrase, read from its root as a client finds it. */
export async function networkPassphrase(emulator: RunningEmulator): Promise<string> {
  return ((await (await fetch(emulator.horizonUrl)).json()) as { network_passphrase: string }).network_passphrase;
}

const memoOf = (memo: ChainPayment['memo']): Memo => (memo === undefined ? Memo.none() : typeof memo === 'string' ? Memo.text(memo) : memo);

/** A signed one-payment transaction in the native asset, built as the platform's SDK builds one (loadAccount, fetchBaseFee, time bounds). */
export async function signPayment(emulator: RunningEmulator, payment: ChainPayment): Promise<Transaction> {
  const server = horizonServer(emulator);
  const source = Keypair.fromSecret(payment.from).publicKey();
  // The builder gives the transaction the account's sequence + 1.
  const account = payment.sequence === undefined ? await server.loadAccount(source) : new Account(source, String(payment.sequence - 1n));
  const tx = new TransactionBuilder(account, {
    fee: payment.fee ?? String(await server.fetchBaseFee()),
    networkPassphrase: payment.passphrase ?? (await networkPassphrase(emulator)),
    timebounds: { minTime: 0, maxTime: payment.maxTime ?? Math.floor(Date.now() / 1000) + 180 },
  })
    .addOperation(Operation.payment({ destination: payment.to, asset: Asset.native(), amount: payment.amount }))
    .addMemo(memoOf(payment.memo))
    .build();
  tx.sign(Keypair.fromSecret(payment.signerSeed ?? payment.from));
  return tx;
}

export interface HorizonAnswer {
  status: number;
  body: Record<string, any>;
}

/** Sends the envelope to Horizon's `POST /transactions` (form field `tx`) and answers its status and JSON body, whatever they are. */
export async function submitTransaction(emulator: RunningEmulator, tx: Transaction | string): Promise<HorizonAnswer> {
  const envelope = typeof tx === 'string' ? tx : tx.toEnvelope().toXDR('base64');
  const response = await fetch(`${emulator.horizonUrl}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tx: envelope }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Signs and sends a payment; answers the transaction's hash with Horizon's answer. */
export async function pay(emulator: RunningEmulator, payment: ChainPayment): Promise<HorizonAnswer & { hash: string }> {
  const tx = await signPayment(emulator, payment);
  return { hash: tx.hash().toString('hex'), ...(await submitTransaction(emulator, tx)) };
}

/** An out-of-band payment from the app wallet (signed with its seed, not by the console) to any address, with any memo. */
export function payFromAppWallet(emulator: RunningEmulator, payment: Omit<ChainPayment, 'from'>): Promise<HorizonAnswer & { hash: string }> {
  return pay(emulator, { ...payment, from: emulator.appWallet.seed });
}

/** A payment from a user's wallet (the control API's `wallet_seed`) to the app wallet, as the user's own client would send it. */
export function payAppWallet(
  emulator: RunningEmulator,
  user: { wallet_seed: string },
  payment: Omit<ChainPayment, 'from' | 'to'>,
): Promise<HorizonAnswer & { hash: string }> {
  return pay(emulator, { ...payment, from: user.wallet_seed, to: emulator.appWallet.address });
}
