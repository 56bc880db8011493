import type { RunningEmulator } from '../../../emulator/src/emulator.ts';

/** A call to the Platform API with the app's server key, as another backend of the app would make it. */
async function platformCall<T>(emulator: RunningEmulator, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { authorization: `Key ${emulator.key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`platform ${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An app-to-user payment to `uid` created outside the console and left open: it blocks that user's next one. */
export async function openPaymentFor(emulator: RunningEmulator, uid: string): Promise<string> {
  const payment = await platformCall<{ identifier: string }>(emulator, 'POST', '/payments', { payment: { uid, amount: 0.5, memo: 'left open by another backend', metadata: {} } });
  return payment.identifier;
}

export async function cancelPayment(emulator: RunningEmulator, id: string): Promise<void> {
  await platformCall(emulator, 'POST', `/payments/${id}/cancel`);
}
