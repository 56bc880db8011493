import { randomBytes } from 'node:crypto';
import { fromScaled } from '../../../common/amount.ts';
import type { Payment } from '../../../bff/src/platform/schemas.ts';
import { payAppWallet, payFromAppWallet } from '../../support/chain-transactions.ts';
import { control, createUser, nativeBalance, stroops, type ControlUser } from '../../support/emulator-control.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Money the console did not move, of every kind reconciliation tells apart, made on the emulator as
 * any client would: the platform's A2U flow run by the app's backend (create, sign and submit with the
 * wallet's seed, complete), payments straight to Horizon, a user paying a U2A payment.
 */

/** The platform's A2U flow outside the console: create, pay with memo = payment id, complete. */
export async function paidOutsideConsole(t: TestApp, user: ControlUser, amount: string): Promise<{ payment: Payment; hash: string }> {
  const payment = await t.platform.createPayment({ uid: user.uid, amount, memo: 'paid by the backend', metadata: {} });
  const { hash, status } = await payFromAppWallet(t.emulator, { to: user.wallet_address, amount, memo: payment.identifier });
  if (status !== 200) throw new Error(`the backend's payment failed: ${status}`);
  return { payment: await t.platform.completePayment(payment.identifier, hash), hash };
}

/** A2U created upstream and paid on the chain with `pay` (another amount or destination), never completed. */
export async function paidOtherwise(t: TestApp, user: ControlUser, amount: string, pay: { amount: string; to: string }): Promise<Payment> {
  const payment = await t.platform.createPayment({ uid: user.uid, amount, memo: 'paid otherwise', metadata: {} });
  await payFromAppWallet(t.emulator, { ...pay, memo: payment.identifier });
  return payment;
}

/** An A2U payment completed upstream with a txid that no transaction of the wallet has; the console indexes it. */
export async function completedOffChain(t: TestApp, user: ControlUser): Promise<Payment> {
  const payment = await t.platform.createPayment({ uid: user.uid, amount: '0.5', memo: 'never paid', metadata: {} });
  const txid = randomBytes(32).toString('hex');
  await control(t.emulator, 'POST', `/payments/${payment.identifier}/transaction`, { txid, verified: true });
  const completed = await t.platform.completePayment(payment.identifier, txid);
  await t.services.paymentImporter.runAll([payment.identifier], 'import');
  return completed;
}

/** A U2A payment approved by the app and paid by the user on the chain, left not completed. */
export async function userPaidU2A(t: TestApp, user: ControlUser, amount: string): Promise<{ paymentId: string; hash: string }> {
  const created = await control<{ identifier: string }>(t.emulator, 'POST', '/u2a', { uid: user.uid, amount: Number(amount), memo: 'in-app purchase', metadata: {} });
  await t.platform.approvePayment(created.identifier);
  const { hash } = await payAppWallet(t.emulator, user, { amount, memo: created.identifier });
  return { paymentId: created.identifier, hash };
}

/** A payment from the app wallet of more than it holds: it fails in its ledger (op_underfunded) and its fee is charged. */
export async function failedOutflow(t: TestApp, user: ControlUser): Promise<string> {
  const balance = stroops(await nativeBalance(t.emulator, t.emulator.appWallet.address));
  const { hash, body } = await payFromAppWallet(t.emulator, { to: user.wallet_address, amount: fromScaled(balance + 10_000_000n), memo: 'too much' });
  if (!JSON.stringify(body).includes('op_underfunded')) throw new Error(`expected op_underfunded, got ${JSON.stringify(body)}`);
  return hash;
}

export { createUser };
