import type { Payment } from '../../../bff/src/platform/schemas.ts';
import { control, createUser } from '../../support/emulator-control.ts';
import type { TestApp } from './test-app.ts';

/** A new A2U payment for a new user (so the ongoing-payment rule never blocks the next one). */
export async function newA2U(t: TestApp, fields: { amount?: string; memo?: string; metadata?: Record<string, unknown> } = {}): Promise<Payment> {
  const user = await createUser(t.emulator);
  return t.platform.createPayment({ amount: fields.amount ?? '1.5', memo: fields.memo ?? 'reward', metadata: fields.metadata ?? {}, uid: user.uid });
}

/** Records a verified transaction on an A2U payment, as the app wallet would. */
export async function attachTransaction(t: TestApp, paymentId: string, verified = true): Promise<string> {
  const payment = await control<{ transaction: { txid: string } }>(t.emulator, 'POST', `/payments/${paymentId}/transaction`, { verified });
  return payment.transaction.txid;
}

export async function errorOf(response: Response): Promise<{ code: string; message: string; upstream?: { code: string; status: number | null } }> {
  return ((await response.json()) as { error: { code: string; message: string; upstream?: { code: string; status: number | null } } }).error;
}
